//! 诸葛连弩 Crossbow — 武器, range 1.
//!
//! 锁定技，你于出牌阶段内使用【杀】无次数限制。
//! Compulsory: no limit on the 杀 you use in your play phase. A 杀 that *is* this crossbow (via a
//! conversion) does not get the bonus.

use crate::card::{CardKind, Slot, UsedCard};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Crossbow,
    [
        "诸葛连弩",
        "Crossbow",
        "锁定技，你于出牌阶段内使用【杀】无次数限制。",
        "Compulsory: you may use any number of Slashes in your play phase.",
    ],
    Slot::Weapon,
    1,
    Some(SkillId::Crossbow),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        unlimited_slash: Some(unlimited),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Crossbow,
        "诸葛连弩",
        "Crossbow",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn unlimited(game: &Game, owner: Seat, card: &UsedCard) -> bool {
    game.equipped(owner, Slot::Weapon)
        .is_some_and(|weapon| !card.cards.contains(&weapon))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn any_number_of_slashes_in_the_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c.card(0, Slash, &[1]).pass(1);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 1);
    }

    #[test]
    fn its_range_is_one() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[1]).is_some());
        assert!(c.find_card(0, Slash, &[2]).is_none());
    }

    #[test]
    fn equipping_it_after_a_slash_allows_more() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash, Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.find_card(0, Slash, &[1]).is_none());
        c.card(0, Crossbow, &[]);
        assert!(c.find_card(0, Slash, &[1]).is_some());
    }

    #[test]
    fn replacing_it_brings_the_limit_back() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash, QinggangSword]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c.card(0, QinggangSword, &[]);
        assert_eq!(c.equipment(0), vec![QinggangSword]);
        assert!(c.discard_pile().contains(&Crossbow));
        assert!(c.find_card(0, Slash, &[1]).is_none());
    }
}
