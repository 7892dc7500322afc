//! Random games at an all-Shu table: every Shu skill (仁德, 激将, 观星 …) gets exercised by the
//! random player; the games must stay legal, conserve the cards and finish.

use sgs_engine::{sim, Game, GameConfig, GeneralId};

const SHU: [GeneralId; 7] = [
    GeneralId::Liubei,
    GeneralId::Guanyu,
    GeneralId::Zhangfei,
    GeneralId::Zhugeliang,
    GeneralId::Zhaoyun,
    GeneralId::Machao,
    GeneralId::Huangyueying,
];

#[test]
fn random_games_at_an_all_shu_table_finish() {
    for players in [2u8, 4, 7] {
        for seed in 0..10 {
            let config = GameConfig {
                players,
                seat_generals: SHU
                    .iter()
                    .take(players as usize)
                    .map(|g| Some(*g))
                    .collect(),
                ..GameConfig::default()
            };
            let game = sim::play_random(config, seed, 50_000, |g: &Game, _, _| {
                if let Err(e) = g.table().check_conservation() {
                    panic!("{e}");
                }
            })
            .unwrap();
            assert!(
                game.is_over(),
                "{players} seats, seed {seed}: {} actions",
                game.action_count()
            );
        }
    }
}
