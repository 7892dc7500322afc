//! # sgs-e2e: the browser client tested in a real browser
//!
//! The integration tests under `tests/` start the real server in-process ([`TestServer`], via
//! `sgs_server::serve` on `127.0.0.1:0`) and drive headless Chromium through WebDriver
//! ([`Browser`]: a `chromedriver` spawned per browser, a fresh profile each, fantoccini as the
//! client). Pages are driven by clicks on the elements the client marks with `data-testid` /
//! `data-action`.
//!
//! Without `chromedriver` on `PATH` (or `/usr/bin/chromium`) the browser tests print
//! `SKIPPED: chromium/chromedriver not installed` and pass — unless `SGS_REQUIRE_BROWSER=1`
//! (set by CI), which makes them fail instead. `SGS_CHROMIUM` overrides the browser binary.

mod browser;
mod client;
mod node;
mod page;
mod play;
mod run;
mod screenshot;
mod server;

pub use browser::{Browser, CHROMIUM};
pub use client::{
    cards_in_page, choose_general_if_asked, click_hand_card, create_room, log_text, my_hand,
    open_lobby, open_lobby_at, seats_shown, start_game, start_practice, start_with_bots, Create,
    SeatShown,
};
pub use node::run_node_check;
pub use page::WAIT;
pub use play::{play_by_clicking, Bounds, Played};
pub use run::{browser_available, run_browser_test, serial};
pub use screenshot::{screenshot_dir, web_dir, DESKTOP, PHONE};
pub use server::{config, TestServer};

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Result<T = ()> = std::result::Result<T, Error>;

/// Makes an error from a message.
pub fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(message.into().into())
}
