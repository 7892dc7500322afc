//! 闭月 Biyue — 貂蝉.
//!
//! 结束阶段开始时，你可以摸一张牌。
//! At the start of your end phase, you may draw a card.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Biyue,
        "闭月",
        "Biyue",
        "结束阶段开始时，你可以摸一张牌。",
        "At the start of your end phase, you may draw a card.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

#[cfg(test)]
mod tests {
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{seat, table, Check};

    fn diaochan_at(phase: Phase) -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = phase;
        seat(&mut s, 0).general = GeneralId::Diaochan;
        Check::new(s)
    }

    fn asked(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            matches!(
                k,
                PromptKind::Confirm {
                    skill: SkillId::Biyue
                }
            )
        })
    }

    #[test]
    fn draws_one_at_the_start_of_her_end_phase() {
        let mut c = diaochan_at(Phase::Finish);
        assert!(asked(&c, 0));
        c.skill(0, SkillId::Biyue);
        assert_eq!(c.hand(0).len(), 1);
        assert_eq!(c.game.turn().seat, Seat(1));
    }

    #[test]
    fn may_decline() {
        let mut c = diaochan_at(Phase::Finish);
        c.pass(0);
        assert!(c.hand(0).is_empty());
    }

    #[test]
    fn not_in_other_phases_or_turns() {
        let mut c = diaochan_at(Phase::Play);
        assert!(!asked(&c, 0));
        // End her turn without the end-phase question being skipped: she is asked once.
        c.pass(0);
        assert!(asked(&c, 0));
        c.pass(0);
        // Seat 1's turn passes without asking her.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Play)));
        c.pass(1);
        while c.is_asked(1, |k| matches!(k, PromptKind::Discard { .. })) {
            let discard = c.prompt(1).default_action();
            c.act(1, discard);
        }
        assert!(!asked(&c, 0));
        assert_eq!(c.game.turn().seat, Seat(0));
    }
}
