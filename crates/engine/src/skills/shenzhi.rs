//! 神智 Shenzhi — 甘夫人 (国战, H-SK-shenzhi; the SP identity text is the same).
//!
//! 准备阶段开始时，你可以弃置所有手牌，若你以此法弃置的牌数不小于你的体力值，你回复1点体力。
//! At the start of your preparation phase, if you have hand cards, you may discard all of them;
//! if you discarded at least as many cards as your HP, you recover 1 HP.
//!
//! The HP is read after the cards are discarded (H-REW-4: a 国战 reward that healed her as she
//! revealed to use it counts).

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
        SkillId::Shenzhi,
        "神智",
        "Shenzhi",
        "准备阶段开始时，你可以弃置所有手牌，若你以此法弃置的牌数不小于你的体力值，你回复1点体力。",
        "At the start of your preparation phase, you may discard all your hand cards; if you discarded at least as many as your HP, you recover 1 HP.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
        && !game.hand(owner).is_empty()
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    let hand = game.hand(owner).to_vec();
    game.discard(&hand);
    if hand.len() as i32 >= i32::from(game.hp(owner)) && game.is_wounded(owner) {
        game.recover(owner, 1);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::Phase;
    use crate::seat::Role::*;
    use crate::testing::{cards, roster_check, seat, table};

    fn ganfuren(hp: i8, hand: &[crate::card::CardKind]) -> crate::testing::Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Start;
        seat(&mut s, 0).gained = vec![SkillId::Shenzhi];
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 0).hand = cards(hand);
        roster_check(s)
    }

    #[test]
    fn h_sk_shenzhi_discarding_at_least_hp_cards_heals() {
        let mut c = ganfuren(2, &[Slash, Jink]);
        c.skill(0, SkillId::Shenzhi);
        assert!(
            c.hand(0).len() == 2,
            "the draw phase drew two after the discard"
        );
        assert_eq!(c.discard_pile(), vec![Slash, Jink]);
        assert_eq!(c.hp(0), 3);
    }

    #[test]
    fn h_sk_shenzhi_fewer_cards_than_hp_do_not_heal() {
        let mut c = ganfuren(3, &[Slash, Jink]);
        c.skill(0, SkillId::Shenzhi);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.discard_pile(), vec![Slash, Jink]);
    }
}
