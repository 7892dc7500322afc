//! One connection's traffic: paced sending ([`Pace`]), receiving with a ping after silence,
//! and waiting for a command's answer; [`Stop`] says why a connection's session ended.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use sgs_protocol::{ClientMsg, ServerMsg};
use tokio::net::TcpStream;
use tokio::time::{sleep, timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::bot::Bot;
use super::{ClientError, Ending};

pub(super) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long to wait for `welcome` and for the answer to joining.
pub(super) const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// After this much silence the bot pings; after twice this, the connection counts as dropped.
const SILENCE: Duration = Duration::from_secs(15);

/// Why a connection's session ended without an [`Ending`].
pub(super) enum Stop {
    /// Give up: report this error.
    Fatal(ClientError),
    /// The connection dropped: reconnect.
    Dropped(String),
}

/// What came while waiting for a command's answer.
pub(super) enum Answered {
    /// The answer.
    Msg(Box<ServerMsg>),
    /// Something else that ended the bot (a kick, the room closing, a shutdown).
    Ended(Ending),
}

/// A token bucket on what the bot sends.
pub(super) struct Pace {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Pace {
    pub(super) fn new(per_sec: f64) -> Pace {
        let per_sec = per_sec.max(0.1);
        let burst = (per_sec * 2.0).max(1.0);
        Pace {
            per_sec,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Waits until one more message may go.
    async fn wait(&mut self) {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            let wait = (1.0 - self.tokens) / self.per_sec;
            sleep(Duration::from_secs_f64(wait)).await;
            self.tokens = 1.0;
            self.last = Instant::now();
        }
        self.tokens -= 1.0;
    }
}

impl Bot {
    pub(super) async fn send(&mut self, socket: &mut Socket, msg: &ClientMsg) -> Result<(), Stop> {
        self.pace.wait().await;
        let text = serde_json::to_string(msg).map_err(|e| Stop::Dropped(e.to_string()))?;
        socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| Stop::Dropped(e.to_string()))
    }

    /// The next server message; `Err` when the connection ends. Pings after [`SILENCE`].
    pub(super) async fn recv(&mut self, socket: &mut Socket) -> Result<ServerMsg, Stop> {
        let mut pinged = false;
        loop {
            let frame = match timeout(SILENCE, socket.next()).await {
                Ok(frame) => frame,
                Err(_) if !pinged => {
                    pinged = true;
                    let id = self.next_id();
                    self.send(socket, &ClientMsg::Ping { id: Some(id) }).await?;
                    continue;
                }
                Err(_) => return Err(Stop::Dropped("the server went silent".into())),
            };
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str()).map_err(|e| {
                        Stop::Fatal(ClientError::Protocol(format!("bad message {text}: {e}")))
                    });
                }
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.as_ref().map(|f| f.code);
                    let reason = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                    return Err(match code {
                        Some(CloseCode::Library(4001)) => Stop::Fatal(ClientError::Protocol(
                            "another connection took over this session".into(),
                        )),
                        Some(CloseCode::Protocol) => Stop::Fatal(ClientError::Protocol(format!(
                            "closed by the server: {reason}"
                        ))),
                        _ => Stop::Dropped(format!("closed ({code:?}) {reason}")),
                    });
                }
                Some(Ok(_)) => continue,
                Some(Err(error)) => return Err(Stop::Dropped(error.to_string())),
                None => return Err(Stop::Dropped("the connection ended".into())),
            }
        }
    }

    /// Waits for the answer to command `id` (other messages are handled on the way).
    pub(super) async fn answer(&mut self, socket: &mut Socket, id: u64) -> Result<Answered, Stop> {
        let deadline = Instant::now() + ANSWER_WAIT;
        loop {
            let msg = match timeout(
                deadline.saturating_duration_since(Instant::now()),
                self.recv(socket),
            )
            .await
            {
                Ok(msg) => msg?,
                Err(_) => return Err(Stop::Dropped("no answer from the server".into())),
            };
            let answers = match &msg {
                ServerMsg::Sync { id: Some(i), .. } | ServerMsg::Error { id: Some(i), .. } => {
                    *i == id
                }
                ServerMsg::Ack { id: i } => *i == id,
                _ => false,
            };
            if answers {
                return Ok(Answered::Msg(Box::new(msg)));
            }
            if let Some(ending) = self.handle(socket, msg).await? {
                return Ok(Answered::Ended(ending));
            }
        }
    }
}
