//! 吴六剑 Six Swords — 武器 of the 国战 deck, range 2 (`hegemony.md` H-CARD-WULIU).
//!
//! 锁定技，与你势力相同的其他角色的攻击范围+1。
//! Compulsory: every other character of your faction (H-FAC-2: both determined, neither a
//! careerist) has attack range +1. The bonus is +1 however many such weapons are around (O-15);
//! the wielder's own range is the weapon's 2.

use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::SixSwords,
    [
        "吴六剑",
        "Six Swords",
        "锁定技，与你势力相同的其他角色的攻击范围+1。",
        "Compulsory: other characters of your faction have attack range +1.",
    ],
    Slot::Weapon,
    2,
    Some(SkillId::SixSwords),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        others_attack_range: Some(friends_reach_further),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::SixSwords,
        "吴六剑",
        "Six Swords",
        DEF.text_zh,
        DEF.text_en,
    )
};

/// +1 for another character of the wielder's faction.
fn friends_reach_further(game: &Game, wielder: Seat, other: Seat) -> i32 {
    i32::from(other != wielder && game.same_faction(wielder, other))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, Side};
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::{seat, Check};

    /// H-CARD-WULIU: a friend of the wielder reaches one further; an enemy, a hidden character
    /// and the wielder itself do not.
    #[test]
    fn h_card_wuliu_friends_have_attack_range_plus_one() {
        let mut s = heg_table(&[Side::Wu, Side::Wu, Side::Wei, Side::Hidden]);
        seat(&mut s, 1).equip = vec![CardSpec::kind(SixSwords)];
        let c = Check::new(s);
        let g = &c.game;
        assert_eq!(g.attack_range(Seat(0)), 2, "a friend: 1 + 1");
        assert_eq!(g.attack_range(Seat(1)), 2, "the wielder: the weapon's 2");
        assert_eq!(g.attack_range(Seat(2)), 1, "an enemy");
        assert_eq!(g.attack_range(Seat(3)), 1, "hidden: no faction");
    }

    /// H-CARD-WULIU: with a weapon of its own the friend adds one to that weapon's range.
    #[test]
    fn h_card_wuliu_adds_to_the_friends_own_weapon() {
        let mut s = heg_table(&[Side::Wu, Side::Wu, Side::Wei, Side::Shu]);
        seat(&mut s, 0).equip = vec![CardSpec::kind(Axe)];
        seat(&mut s, 1).equip = vec![CardSpec::kind(SixSwords)];
        let c = Check::new(s);
        assert_eq!(c.game.attack_range(Seat(0)), 4);
    }
}
