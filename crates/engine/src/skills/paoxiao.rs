//! 咆哮 Paoxiao — 张飞.
//!
//! 锁定技，你于出牌阶段内使用【杀】无次数限制。
//! Compulsory: you may use any number of Slashes in your play phase.

use crate::card::UsedCard;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        unlimited_slash: Some(always),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Paoxiao,
        "咆哮",
        "Paoxiao",
        "锁定技，你于出牌阶段内使用【杀】无次数限制。",
        "Compulsory: you may use any number of Slashes in your play phase.",
    )
};

fn always(_: &Game, _: Seat, _: &UsedCard) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::ids::GeneralId;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};

    fn two_slashes(general: GeneralId) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = general;
        seat(&mut s, 0).hand = cards(&[CardKind::Slash, CardKind::Slash]);
        Check::new(s)
    }

    #[test]
    fn two_slashes_in_one_play_phase() {
        let mut c = two_slashes(GeneralId::Zhangfei);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 2);
        assert!(c.hand(0).is_empty());
    }

    #[test]
    fn without_paoxiao_the_second_slash_is_not_offered() {
        let mut c = two_slashes(GeneralId::White);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_none());
    }
}
