//! Integration tests: the real server on 127.0.0.1:0, real WebSocket clients
//! (tokio-tungstenite), whole games played over the wire.

mod spawn;
mod support;

mod accounts;
mod action_limit;
mod answer_at_once;
mod bad_input;
mod behind_nginx;
mod bots;
mod cluster_failover;
mod crash;
mod fd_flood;
mod game;
mod headless;
mod hidden;
mod identity;
mod kill_after_ack;
mod leases;
mod limits;
mod lobby_chat;
mod moderation;
mod modes;
mod on_postgres;
mod practice;
mod privacy;
mod python_bot;
mod reconnect;
mod records;
mod recovery;
mod replays;
mod room_routing;
mod rooms;
mod search_bots;
mod series;
mod shutdown;
mod soak;
mod store_faults;
mod timing;
mod trusteeship;
mod upgrade;
mod web_net;
