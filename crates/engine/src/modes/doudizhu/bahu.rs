//! 跋扈 Bahu — 斗地主's landlord (M-DDZ-6).
//!
//! 锁定技，准备阶段开始时，你摸一张牌；出牌阶段，你可以多使用一张【杀】。
//! Compulsory: at the start of your preparation phase, draw a card; in your play phase you may
//! use one more Slash.

use crate::action::Action;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    modifiers: Modifiers {
        extra_slashes: Some(one_more),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Bahu,
        "跋扈",
        "Bahu",
        "锁定技，准备阶段开始时，你摸一张牌；出牌阶段，你可以多使用一张【杀】。",
        "Compulsory: at the start of your preparation phase, draw a card; in your play phase you may use one more Slash.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

fn one_more(_: &Game, _: Seat) -> u8 {
    1
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::prompt::Phase;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, Check};

    use super::super::tests::doudizhu;

    /// M-DDZ-6: the landlord draws one at the start of its preparation phase.
    #[test]
    fn m_ddz_6_the_landlord_draws_one_at_the_start_of_its_turn() {
        let mut s = doudizhu(&[Lord, Rebel, Rebel]);
        s.phase = Phase::Start;
        let c = Check::new(s);
        // Drew 1 (跋扈) + 2 (the draw phase), and is now in the play phase.
        assert_eq!(c.hand(0).len(), 3);
        // A farmer has no 跋扈.
        assert!(!c.game.has_skill(crate::Seat(1), crate::ids::SkillId::Bahu));
    }

    /// M-DDZ-6: two 杀 in the play phase, not three.
    #[test]
    fn m_ddz_6_the_landlord_may_use_two_slashes() {
        let mut s = doudizhu(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash, Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.find_card(0, Slash, &[2]).is_some(), "a second 杀");
        c.card(0, Slash, &[2]).pass(2);
        assert!(c.find_card(0, Slash, &[1]).is_none(), "no third 杀");
        assert_eq!(c.hand(0), vec![Slash]);
    }
}
