//! One WebSocket connection: the socket itself — reading frames under the frame cap and the
//! message budget, the writer with its bounded queue, the server's pings and their deadline,
//! the hello and idle timeouts, and the close code each way of ending gets. What the commands
//! do is in `dispatch.rs`.
//!
//! The socket is split: a writer task drains the connection's outbound queue ([`ConnHandle`],
//! bounded in messages and bytes) and pings the peer every `--ping-interval-ms`; this task
//! reads. Every frame the peer sends, control frames included, costs from the message budget;
//! a peer that keeps flooding is closed (1008). A peer heard from neither by a frame nor a pong
//! within the ping deadline, or whose socket does not take a write in time, is dead or stalled:
//! the connection ends (4002) and the room sees its player go (the disconnect grace period
//! starts). A failure here ends this connection only.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use sgs_protocol::{ClientMsg, CommandId, ErrorCode, ServerMsg};
use tokio::sync::watch;
use tokio::time::{sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite;

use crate::clients::{Admission, ClientKey, Guard, SocketGuard};
use crate::dispatch::Connection;
use crate::error::ServerError;
use crate::outbound::{self, Close, ConnHandle, Outbox};
use crate::rate::RateLimit;
use crate::Shared;

/// Longest a socket write may take before the peer counts as gone.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Where a connection comes from and how it was let in; holds its place in the counts.
#[derive(Debug)]
pub struct ClientSeat {
    pub key: ClientKey,
    pub admission: Admission,
    pub _guard: Guard,
    pub _socket: Arc<SocketGuard>,
}

/// Parses a text frame, telling malformed JSON, an unknown type and bad fields apart.
pub fn parse(text: &str) -> Result<ClientMsg, (Option<CommandId>, ServerError)> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        (
            None,
            ServerError::new(ErrorCode::MalformedJson, format!("not JSON: {e}")),
        )
    })?;
    let id = value.get("id").and_then(serde_json::Value::as_u64);
    let Some(kind) = value
        .get("type")
        .and_then(serde_json::Value::as_str)
        .map(str::to_string)
    else {
        let error = ServerError::new(ErrorCode::BadMessage, "a message is an object with a type");
        return Err((id, error));
    };
    if !ClientMsg::TYPES.contains(&kind.as_str()) {
        let error = ServerError::new(ErrorCode::UnknownType, format!("unknown type {kind:?}"));
        return Err((id, error));
    }
    serde_json::from_value(value).map_err(|e| {
        (
            id,
            ServerError::new(ErrorCode::BadMessage, format!("bad {kind}: {e}")),
        )
    })
}

/// The `id` of a command, read without taking the rest of it apart (for refusing a frame
/// over the rate limit).
pub fn command_id(text: &str) -> Option<CommandId> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<CommandId>,
    }
    serde_json::from_str::<Id>(text).ok()?.id
}

/// What a socket error means for the peer: the `error` it is told and the close code, or
/// `None` when the socket is simply gone.
pub fn classify(error: axum::Error) -> Option<(ServerError, Close)> {
    let inner = error.into_inner();
    let error = inner.downcast_ref::<tungstenite::Error>()?;
    match error {
        tungstenite::Error::Capacity(e) => Some((
            ServerError::new(ErrorCode::FrameTooLarge, format!("message too big: {e}")),
            Close::TOO_BIG,
        )),
        tungstenite::Error::Utf8(_) => Some((
            ServerError::new(ErrorCode::BadMessage, "a text frame that is not UTF-8"),
            Close::INVALID_PAYLOAD,
        )),
        tungstenite::Error::Protocol(
            tungstenite::error::ProtocolError::ResetWithoutClosingHandshake,
        ) => None,
        tungstenite::Error::Protocol(e) => Some((
            ServerError::new(
                ErrorCode::BadMessage,
                format!("WebSocket protocol error: {e}"),
            ),
            Close::PROTOCOL_ERROR,
        )),
        _ => None,
    }
}

/// Serves one upgraded socket until it closes. Its log lines carry the connection's span
/// (`conn`, `client`, and `player` once it said hello).
pub async fn run(socket: WebSocket, shared: Arc<Shared>, client: ClientSeat) {
    use tracing::Instrument;
    let id = shared.next_conn_id();
    let span = tracing::info_span!(
        "conn",
        conn = id,
        client = %client.key,
        player = tracing::field::Empty
    );
    serve(socket, shared, client, id).instrument(span).await;
}

async fn serve(socket: WebSocket, shared: Arc<Shared>, client: ClientSeat, id: outbound::ConnId) {
    use tracing::Instrument;
    let _counted = shared.count_connection();
    let (sink, stream) = socket.split();
    let (close_tx, close_rx) = watch::channel(None);
    let config = &shared.config;
    let (conn, outbox) = outbound::queue(
        id,
        config.outbound_queue.max(8),
        config.outbound_queue_bytes.max(4096),
        close_tx,
    );
    let ping_every = Duration::from_millis(config.ping_interval_ms.max(10));
    let writer = tokio::spawn(
        write_loop(sink, outbox, conn.clone(), close_rx.clone(), ping_every)
            .instrument(tracing::Span::current()),
    );
    let mut connection = Connection::new(shared, conn.clone(), client);
    read_loop(&mut connection, stream, close_rx).await;
    connection.finish().await;
    conn.close(Close::NORMAL);
    let _ = writer.await;
}

async fn write_loop(
    mut sink: SplitSink<WebSocket, Message>,
    mut outbox: Outbox,
    conn: ConnHandle,
    mut close: watch::Receiver<Option<Close>>,
    ping_every: Duration,
) {
    async fn write(sink: &mut SplitSink<WebSocket, Message>, msg: Message) -> bool {
        matches!(timeout(WRITE_TIMEOUT, sink.send(msg)).await, Ok(Ok(())))
    }
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let reason = loop {
        tokio::select! {
            biased;
            changed = close.changed() => {
                if let Some(reason) = *close.borrow() {
                    break reason;
                }
                if changed.is_err() {
                    break Close::NORMAL;
                }
            }
            text = outbox.recv() => match text {
                Some(text) => {
                    let written = write(&mut sink, Message::Text(text.clone())).await;
                    outbox.written(&text);
                    if !written {
                        conn.close(Close::NO_ANSWER);
                        return;
                    }
                }
                None => break Close::NORMAL,
            },
            _ = ping.tick() => {
                if !write(&mut sink, Message::Ping(Bytes::new())).await {
                    conn.close(Close::NO_ANSWER);
                    return;
                }
            }
        }
    };
    // Flush what is queued (bounded in time: a slow reader is being closed), then say why.
    let flush = async {
        while let Some(text) = outbox.try_recv() {
            let written = write(&mut sink, Message::Text(text.clone())).await;
            outbox.written(&text);
            if !written {
                return;
            }
        }
        let frame = CloseFrame {
            code: reason.code,
            reason: reason.reason.into(),
        };
        let _ = sink.send(Message::Close(Some(frame))).await;
    };
    let _ = timeout(Duration::from_secs(2), flush).await;
}

async fn read_loop(
    connection: &mut Connection,
    mut stream: SplitStream<WebSocket>,
    mut close: watch::Receiver<Option<Close>>,
) {
    let shared = connection.shared.clone();
    let config = &shared.config;
    let mut shutdown = shared.shutdown.subscribe();
    let started = Instant::now();
    let hello_deadline = started + Duration::from_millis(config.hello_timeout_ms);
    let idle = Duration::from_millis(config.idle_timeout_ms.max(1));
    let silence = Duration::from_millis(
        config
            .ping_interval_ms
            .max(10)
            .saturating_add(config.ping_timeout_ms.max(10)),
    );
    let mut rate = RateLimit::new(config.rate_per_sec, config.rate_burst);
    let mut last_heard = started;
    let mut last_message = started;
    loop {
        if *shutdown.borrow_and_update() {
            connection.conn.send(ServerMsg::Shutdown {
                message: "the server is shutting down".into(),
            });
            connection.conn.close(Close::GOING_AWAY);
            break;
        }
        let said_hello = connection.player.is_some();
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = close.changed() => break,
            _ = shutdown.changed() => continue,
            () = sleep_until(hello_deadline), if !said_hello => {
                connection.conn.close(Close::HELLO_TIMEOUT);
                break;
            }
            () = sleep_until(last_heard + silence) => {
                tracing::debug!(conn = connection.conn.id, "no answer to ping: the peer is gone");
                connection.conn.close(Close::NO_ANSWER);
                break;
            }
            () = sleep_until(last_message + idle), if said_hello => {
                if connection.in_room() {
                    last_message = Instant::now();
                    continue;
                }
                let error = ServerError::new(ErrorCode::IdleTimeout, "nothing sent for too long");
                connection.refuse(None, error);
                connection.conn.close(Close::IDLE);
                break;
            }
        };
        if close.borrow().is_some() {
            // Asked to close meanwhile (a frame and the close were ready together): nothing
            // more is served on this connection.
            break;
        }
        let now = Instant::now();
        last_heard = now;
        let frame = match frame {
            Some(Ok(frame)) => frame,
            Some(Err(error)) => {
                if let Some((error, code)) = classify(error) {
                    connection.refuse(None, error);
                    connection.conn.close(code);
                }
                break;
            }
            None => break,
        };
        if matches!(frame, Message::Close(_)) {
            break;
        }
        // Every frame costs from the budget, pings and pongs too (the socket layer answers
        // pings by itself; unread answers must not pile up). Answers to prompts are owed.
        rate.credit(connection.conn.take_owed_answers());
        if !rate.allow(now.into_std()) {
            if matches!(frame, Message::Text(_) | Message::Binary(_)) {
                // The refusal names the command, so the client knows which one was dropped.
                let id = match &frame {
                    Message::Text(text) => command_id(text.as_str()),
                    _ => None,
                };
                let error =
                    ServerError::new(ErrorCode::RateLimited, "too many messages; slow down");
                connection.refuse(id, error);
            }
            if rate.strikes > config.flood_strikes {
                connection.conn.close(Close::FLOOD);
                break;
            }
            continue;
        }
        match frame {
            Message::Text(text) => {
                last_message = now;
                connection.on_text(text.as_str()).await;
            }
            Message::Binary(_) => {
                let error = ServerError::new(ErrorCode::BadMessage, "binary frames are not used");
                connection.refuse(None, error);
            }
            _ => {} // ping / pong: heard from
        }
        if connection.conn.is_closed() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tells_bad_input_apart() {
        let code = |text: &str| parse(text).err().map(|(_, e)| e.code);
        assert_eq!(code("{not json"), Some(ErrorCode::MalformedJson));
        assert_eq!(
            code(r#"{"type":"fly","id":1}"#),
            Some(ErrorCode::UnknownType)
        );
        assert_eq!(code(r#"{"id":1}"#), Some(ErrorCode::BadMessage));
        assert_eq!(code(r#"[1,2]"#), Some(ErrorCode::BadMessage));
        assert_eq!(
            code(r#"{"type":"take_seat","seat":"x"}"#),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(
            parse(r#"{"type":"chat","id":4,"text":"hi"}"#).unwrap().id(),
            Some(4)
        );
        let (id, _) = parse(r#"{"type":"act","id":9}"#).unwrap_err();
        assert_eq!(id, Some(9));
        assert_eq!(
            command_id(r#"{"type":"act","id":9,"x":[1,{"id":3}]}"#),
            Some(9)
        );
        assert_eq!(command_id(r#"{"type":"ping"}"#), None);
        assert_eq!(command_id("{nope"), None);
    }

    #[test]
    fn socket_errors_get_their_close_codes() {
        use tungstenite::error::{CapacityError, ProtocolError};
        let code = |e: tungstenite::Error| classify(axum::Error::new(e)).map(|(_, c)| c.code);
        let big = CapacityError::MessageTooLong {
            size: 9,
            max_size: 1,
        };
        assert_eq!(code(tungstenite::Error::Capacity(big)), Some(1009));
        assert_eq!(code(tungstenite::Error::Utf8("x".into())), Some(1007));
        let bits = ProtocolError::NonZeroReservedBits;
        assert_eq!(code(tungstenite::Error::Protocol(bits)), Some(1002));
        assert_eq!(code(tungstenite::Error::ConnectionClosed), None);
    }
}
