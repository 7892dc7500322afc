//! The page hides exactly the windows the server passes by itself (issue 14, decision 0006): a
//! call for 闪, 桃 or 无懈可击 where passing is all the seat can do. Random games of every
//! registered ruleset are played; every prompt asked goes to `js/windows-check.mjs`, which runs
//! the client's own `onlyPassWindow` (web/js/prompt.js) under Node and must agree with the
//! engine on each one.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use sgs_e2e::run_node_check;
use sgs_engine::content::cases;
use sgs_engine::{sim, Game, GameConfig, PromptKind};

#[test]
fn the_page_skips_exactly_the_windows_that_offer_nothing_but_pass() {
    let mut prompts: Vec<Value> = Vec::new();
    let (mut windows, mut only_pass) = (0, 0);
    for (index, case) in cases().iter().enumerate() {
        let seed = 9_100 + index as u64;
        let players = case.seats.1.min(8);
        let mut game =
            Game::new(GameConfig::new(players, case.ruleset.clone()), seed).expect("a game");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() && game.action_count() < 1_500 {
            let Some(prompt) = sim::random_prompt(&game, &mut rng) else {
                break;
            };
            let window = matches!(
                prompt.kind,
                PromptKind::Respond { .. } | PromptKind::Save { .. } | PromptKind::Nullify { .. }
            );
            let skipped = window && !prompt.choices.has_option_besides_pass();
            windows += usize::from(window);
            only_pass += usize::from(skipped);
            prompts.push(json!({"prompt": prompt, "only_pass": skipped}));
            let (seat, action) = (prompt.seat, sim::random_action(prompt, &mut rng));
            game.act(seat, action).expect("a legal action");
        }
    }
    assert!(
        only_pass > 0 && only_pass < windows,
        "the games must ask both kinds of window ({only_pass} of {windows} pass-only)"
    );
    let data = json!({ "prompts": prompts });
    let printed = run_node_check(
        "windows-check.mjs",
        &data,
        "the page and the engine disagree on a window",
    );
    eprintln!("{printed}");
}
