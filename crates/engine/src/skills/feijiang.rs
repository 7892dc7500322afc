//! 飞将 Feijiang — 张飞 (2008 text, `edition = 2008`, V-EARLY-7).
//!
//! 出牌阶段，可以出任意数量的杀。仍可以装备武器后增加攻击距离。
//! In your play phase you may use any number of Slashes; a weapon still extends your range.
//!
//! The 2008 name of 咆哮, with its effect (`paoxiao.rs`): no per-phase limit on his 杀. A weapon
//! he equips still gives its range (the second sentence only says the skill takes nothing away).

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
        SkillId::Feijiang,
        "飞将",
        "Feijiang",
        "锁定技，出牌阶段，你可以使用任意数量的【杀】。",
        "Compulsory: in your play phase you may use any number of Slashes.",
    )
};

/// Every 杀 of his: the limit this lifts is the play phase's own.
fn always(_: &Game, _: Seat, _: &UsedCard) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};

    /// V-EARLY-7: the 2008 张飞 uses three 杀 in one play phase, and a weapon's range still
    /// counts (青釭剑, range 2, reaches the seat two away at a four-seat table).
    #[test]
    fn v_early_7_feijiang_any_number_of_slashes_and_a_weapon_still_reaches() {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Rebel, Role::Loyalist]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::ZhangfeiEarly;
        seat(&mut s, 0).hand = cards(&[Slash, Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[QinggangSword]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c.card(0, Slash, &[1]).pass(1);
        c.card(0, Slash, &[2]).pass(2);
        assert_eq!((c.hp(1), c.hp(2)), (2, 3));
        assert!(c.hand(0).is_empty());
    }
}
