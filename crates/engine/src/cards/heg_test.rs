//! Test tables for the 国战 deck's cards: a 国战 game with the `hegemony` card pack, each seat a
//! pair of generals of one kingdom, its main general shown (or both hidden), seat 0 in its play
//! phase. The shown generals have skills that stay out of the way of the cards under test.

use crate::ids::GeneralId as G;
use crate::prompt::PromptKind;
use crate::ruleset::{PackChoice, Ruleset};
use crate::scenario::{Scenario, ScenarioDuo};
use crate::seat::{Role, Seat};
use crate::testing::{seat, Check};

/// What a test seat shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Wei,
    Shu,
    Wu,
    Qun,
    /// Both generals face down (魏, then 群).
    Hidden,
}

/// Generals of each side, one pair per seat of that side, main first.
fn pairs(side: Side) -> &'static [(G, G)] {
    match side {
        Side::Wei => &[
            (G::HegDianwei, G::HegXuchu),
            (G::HegCaoren, G::HegXiahoudun),
            (G::HegZhangliao, G::HegXunyu),
        ],
        Side::Shu => &[
            (G::HegZhangfei, G::HegGuanyu),
            (G::HegWeiyan, G::HegMachao),
            (G::HegHuangzhong, G::HegPangtong),
        ],
        Side::Wu => &[
            (G::HegHuanggai, G::HegGanning),
            (G::HegTaishici, G::HegZhoutai),
            (G::HegLvmeng, G::HegDaqiao),
        ],
        Side::Qun => &[(G::HegPangde, G::HegLvbu), (G::HegYuanshao, G::HegHuatuo)],
        Side::Hidden => &[
            (G::HegCaocao, G::HegSimayi),
            (G::HegGuojia, G::HegXiahouyuan),
            (G::HegYanliangwenchou, G::HegZhangjiao),
        ],
    }
}

/// The 国战 ruleset with the 国战 deck.
pub fn ruleset() -> Ruleset {
    Ruleset {
        mode: "hegemony".into(),
        cards: vec![PackChoice::new("hegemony")],
        generals: vec!["hegemony".into()],
        ..Ruleset::standard()
    }
}

/// A table of these sides, seat 0 in its play phase with an empty hand.
pub fn heg_table(sides: &[Side]) -> Scenario {
    let mut s = Scenario::with_roles(&vec![Role::Rebel; sides.len()]);
    s.ruleset = ruleset();
    s.current = Some(Seat(0));
    let mut used = [0usize; 5];
    for (i, side) in sides.iter().enumerate() {
        let k = *side as usize;
        let (main, deputy) = pairs(*side)[used[k]];
        used[k] += 1;
        seat(&mut s, i as u8).duo = Some(ScenarioDuo {
            main,
            deputy,
            main_shown: *side != Side::Hidden,
            deputy_shown: false,
        });
    }
    s
}

/// Passes the 无懈可击 window now open (every seat asked in it), and no later one.
pub fn pass_window(c: &mut Check) {
    let window = |c: &Check| {
        c.game.prompts().iter().find_map(|p| match p.kind {
            PromptKind::Nullify { trick, target, .. } => Some((trick, target)),
            _ => None,
        })
    };
    let Some(open) = window(c) else {
        panic!("no window open: {:?}", c.game.prompts());
    };
    while window(c) == Some(open) {
        let Some(seat) = c
            .game
            .prompts()
            .iter()
            .find(|p| matches!(p.kind, PromptKind::Nullify { .. }))
            .map(|p| p.seat.0)
        else {
            return;
        };
        c.pass(seat);
    }
}
