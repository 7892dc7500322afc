//! Writes the fuzz targets' starting corpora under `fuzz/corpus/<target>/` (committed): every
//! kind of client message, a few practice tables, and a game of every registered ruleset.
//! `cargo run --manifest-path fuzz/Cargo.toml --example seed-corpus`

use std::path::Path;

use sgs_engine::{Action, CardKind, CardSpec, Role, Scenario, ScenarioSeat, Seat};
use sgs_protocol::{ClientMsg, RoomOptions, PROTOCOL_VERSION};

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).expect("corpus directory");
    std::fs::write(dir.join(name), bytes).expect("corpus file");
}

fn duel(seed: u64, extra: usize) -> Scenario {
    let seat = |role| ScenarioSeat {
        role,
        hand: vec![
            CardSpec::kind(CardKind::Slash),
            CardSpec::kind(CardKind::Jink),
        ],
        ..ScenarioSeat::default()
    };
    let mut seats = vec![seat(Role::Lord), seat(Role::Rebel)];
    for _ in 0..extra {
        seats.push(seat(Role::Loyalist));
    }
    Scenario {
        seed,
        seats,
        draw_pile_top: vec![CardSpec::kind(CardKind::Peach); 4],
        current: Some(Seat(0)),
        ..Scenario::default()
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let messages = vec![
        ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            token: Some("t".repeat(43)),
            name: Some("玩家".into()),
        },
        ClientMsg::Ping { id: Some(1) },
        ClientMsg::ListRooms {
            id: Some(2),
            offset: Some(0),
            limit: Some(10),
        },
        ClientMsg::CreateRoom {
            id: Some(3),
            options: Box::new(RoomOptions::default()),
        },
        ClientMsg::CreateRoom {
            id: Some(4),
            options: Box::new(RoomOptions {
                scenario: Some(duel(5, 0)),
                ..RoomOptions::default()
            }),
        },
        ClientMsg::JoinRoom {
            id: Some(5),
            room: "abc234".into(),
            seat: Some(Seat(2)),
            password: Some("pw".into()),
            invite: None,
        },
        ClientMsg::Act {
            id: Some(6),
            seat: Seat(0),
            action: Action::Pass,
            prompt_id: Some(1 << 32),
        },
        ClientMsg::Chat {
            id: Some(7),
            text: "你好".into(),
        },
        ClientMsg::Resync { id: Some(8) },
    ];
    for (n, msg) in messages.iter().enumerate() {
        let json = serde_json::to_vec(msg).expect("a message serializes");
        write(&root.join("client_msg"), &format!("msg{n}"), &json);
    }
    for (n, text) in [
        "{\"type\":\"fly\"}",
        "{\"type\":\"act\",\"seat\":\"x\"}",
        "[1,2]",
    ]
    .iter()
    .enumerate()
    {
        write(
            &root.join("client_msg"),
            &format!("bad{n}"),
            text.as_bytes(),
        );
    }
    for (n, scenario) in [duel(1, 0), duel(2, 2), duel(3, 6)].iter().enumerate() {
        let json = serde_json::to_vec(scenario).expect("a scenario serializes");
        write(&root.join("scenario"), &format!("table{n}"), &json);
    }
    let cases = sgs_engine::testing::cases();
    for n in 0..cases.len() {
        let mut bytes = vec![(n % 256) as u8, (n / 256) as u8, n as u8];
        bytes.extend((0..40u8).map(|i| i.wrapping_mul(31).wrapping_add(n as u8)));
        write(&root.join("engine_random"), &format!("case{n}"), &bytes);
    }
    println!("corpora written under {}", root.display());
}
