//! The entry points ([`run`], [`run_with`]) and the reconnect loop: connect, play a session,
//! and after a drop back off and reconnect, up to [`Options::max_retries`] times in a row.

use tokio::time::sleep;

use super::bot::Bot;
use super::socket::Stop;
use super::{check_url, ClientError, Options, Report, MAX_BACKOFF};

/// Plays until the room closes, the bot is kicked, `games` are played or the server stops.
pub async fn run(options: Options) -> Result<Report, ClientError> {
    run_with(options, |_| {}).await
}

/// [`run`], calling `on_room` with the room's code once the bot is in it (the code of a room it
/// created is known only then).
pub async fn run_with(
    options: Options,
    on_room: impl FnMut(&str) + Send + 'static,
) -> Result<Report, ClientError> {
    check_url(&options.url)?;
    let mut bot = Bot::new(options);
    bot.on_room = Some(Box::new(on_room));
    let mut failures = 0u32;
    let mut last: String;
    loop {
        match tokio_tungstenite::connect_async(bot.options.url.as_str()).await {
            Ok((socket, _)) => {
                if bot.connected_once {
                    bot.report.reconnects += 1;
                }
                match bot.session(socket).await {
                    Ok(ending) => {
                        bot.report.ending = ending;
                        bot.log(&format!("done: {ending:?}"));
                        return Ok(bot.report);
                    }
                    Err(Stop::Fatal(error)) => return Err(error),
                    Err(Stop::Dropped(why)) => {
                        bot.log(&format!("connection dropped: {why}"));
                        if bot.welcomed {
                            failures = 0;
                        }
                        last = why;
                    }
                }
            }
            Err(error) if !bot.connected_once => {
                return Err(ClientError::Connect(format!(
                    "{}: {error}",
                    bot.options.url
                )));
            }
            Err(error) => last = error.to_string(),
        }
        bot.welcomed = false;
        failures += 1;
        if failures > bot.options.max_retries {
            return Err(ClientError::Lost {
                attempts: failures - 1,
                last,
            });
        }
        let wait = bot
            .options
            .backoff
            .saturating_mul(1 << (failures - 1).min(16))
            .min(MAX_BACKOFF);
        bot.log(&format!("reconnecting in {wait:?} (attempt {failures})"));
        sleep(wait).await;
    }
}
