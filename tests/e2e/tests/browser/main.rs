//! The web client in headless Chromium against the real server: a whole game played by clicking,
//! hidden hands between two sessions, reload returning to the same seat, and screenshots at
//! desktop and phone sizes (written to `artifacts/screenshots/`).

mod support;

mod bots;
mod duels;
mod friends;
mod game;
mod hegemony;
mod layout;
mod maneuvering;
mod modes;
mod packs;
mod players;
mod practice;
mod privacy;
mod prompt_builder;
mod reload;
mod replay;
mod rules;
mod screenshots;
mod series;
mod trusteeship;
