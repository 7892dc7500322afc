//! 洛神 Luoshen, 国战 text — 甄姬 (国战, H-SK-luoshen).
//!
//! 准备阶段开始时，你可以进行判定，当黑色判定牌生效后，你可以重复此流程。然后你获得所有的黑色判定牌。
//! At the start of your preparation phase you may judge; while the result is black you may judge
//! again; at the end you obtain all the black judgment cards.
//!
//! The identity 洛神 (`luoshen.rs`) obtains each black card at once. Here each black card, after it
//! takes effect, waits face up beside 甄姬 (a public pile of this skill, standing in for [QHeg]'s
//! processing area) and all of them go to her hand when the sequence ends; red results go to the
//! discard pile as usual. If she dies meanwhile they are discarded.

use crate::action::Action;
use crate::card::Color;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Phase};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: at_preparation,
            ask: Ask::Confirm,
            on_trigger: start,
        },
        Trigger {
            timing: Timing::Judged,
            can_trigger: black_result,
            ask: Ask::Never,
            on_trigger: set_aside,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::LuoshenHeg,
        "洛神",
        "Luoshen",
        "准备阶段开始时，你可以进行判定，当黑色判定牌生效后，你可以重复此流程。然后你获得所有的黑色判定牌。",
        "At the start of your preparation phase you may judge; while the result is black you may judge again. Then you obtain all the black judgment cards.",
    )
};

fn at_preparation(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn start(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::LuoshenHeg, owner)))
}

fn black_result(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Judged { seat, card, cause: Cause::Skill(SkillId::LuoshenHeg) }
        if *seat == owner
            && game.card(*card).color() == Color::Black
            && game.table.zone_of(*card) == Zone::Processing)
}

/// A black card that took effect waits for the end of the sequence.
fn set_aside(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Judged { card, .. } = data {
        game.move_to_pile(&[*card], owner, SkillId::LuoshenHeg, Visibility::Public);
    }
    None
}

/// The end of the sequence: all the black cards to her hand (H-SK-luoshen).
fn collect(game: &mut Game, owner: Seat) -> Step {
    let kept = game.pile(owner, SkillId::LuoshenHeg).to_vec();
    if !kept.is_empty() {
        if game.is_alive(owner) {
            game.move_cards(&kept, Zone::Hand(owner));
        } else {
            game.discard(&kept);
        }
    }
    Step::Done
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    super::luoshen::judge_while_black(game, frame, SkillId::LuoshenHeg, collect)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::Check;

    /// H-SK-luoshen: the black cards are obtained together at the end, not one by one.
    #[test]
    fn h_sk_luoshen_black_cards_are_obtained_at_the_end() {
        let mut s = table(&[
            (G::HegZhenji, G::HegCaocao, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
        ]);
        s.phase = Phase::Start;
        s.draw_pile_top = vec![
            CardSpec::exact(SavageAssault, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 2),
            CardSpec::exact(Peach, Suit::Heart, 3),
        ];
        let mut c = Check::new(s);
        let asked = |c: &Check| {
            c.is_asked(0, |k| {
                *k == PromptKind::Confirm {
                    skill: SkillId::LuoshenHeg,
                }
            })
        };
        assert!(asked(&c));
        c.skill(0, SkillId::LuoshenHeg);
        assert!(asked(&c));
        assert!(c.hand(0).is_empty(), "the ♠ card waits");
        assert_eq!(c.game.pile(Seat(0), SkillId::LuoshenHeg).len(), 1);
        c.skill(0, SkillId::LuoshenHeg);
        assert!(c.hand(0).is_empty());
        c.skill(0, SkillId::LuoshenHeg);
        // Red: the 桃 is discarded, the two black cards are obtained, then the draw phase.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(&c.hand(0)[..2], &[SavageAssault, Slash]);
        assert_eq!(c.hand(0).len(), 4);
        assert!(c.game.pile(Seat(0), SkillId::LuoshenHeg).is_empty());
        assert_eq!(c.discard_pile(), vec![Peach]);
        c.assert_conserved();
    }
}
