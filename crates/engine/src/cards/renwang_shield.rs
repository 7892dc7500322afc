//! 仁王盾 Renwang Shield (EX) — 防具.
//!
//! 锁定技，黑色【杀】对你无效。 Compulsory: black 杀 have no effect on you. (A colourless 杀, such
//! as 丈八蛇矛 with one red and one black card, is not black.)

use crate::card::{CardKind, Color, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::RenwangShield,
    [
        "仁王盾",
        "Renwang Shield",
        "锁定技，黑色【杀】对你无效。",
        "Compulsory: black Slashes have no effect on you.",
    ],
    Slot::Armor,
    0,
    Some(SkillId::RenwangShield),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        immune: Some(black_slash),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::RenwangShield,
        "仁王盾",
        "Renwang Shield",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn black_slash(game: &Game, owner: Seat, use_id: usize) -> bool {
    let card = &game.card_use(use_id).card;
    card.kind == CardKind::Slash
        && card.color == Color::Black
        && game.equipped_kind(owner, Slot::Armor) == Some(CardKind::RenwangShield)
        && game.armor_works(owner, Some(use_id))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn shielded(hand: Vec<CardSpec>, weapon: Option<crate::card::CardKind>) -> Scenario {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = hand;
        seat(&mut s, 0).equip = weapon.map(CardSpec::kind).into_iter().collect();
        seat(&mut s, 1).equip = cards(&[RenwangShield]);
        s
    }

    #[test]
    fn a_black_slash_has_no_effect() {
        let s = shielded(vec![CardSpec::exact(Slash, Suit::Club, 3)], None);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!c.has_prompt(1), "no 闪 is even asked for");
        assert_eq!(c.hp(1), 4);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::EffectCancelled { card: Slash, target } if target.0 == 1
        )));
    }

    #[test]
    fn a_red_slash_works_as_usual() {
        let s = shielded(vec![CardSpec::exact(Slash, Suit::Diamond, 6)], None);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn a_colourless_serpent_spear_slash_is_not_black() {
        let hand = vec![
            CardSpec::exact(Duel, Suit::Spade, 1),
            CardSpec::exact(Peach, Suit::Heart, 3),
        ];
        let mut c = Check::new(shielded(hand, Some(SerpentSpear)));
        let action = c
            .find(0, |cards, skill, t| {
                skill == Some(SkillId::SerpentSpear) && cards.len() == 2 && t.len() == 1
            })
            .unwrap();
        c.act(0, action).pass(1);
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn a_black_serpent_spear_slash_is_stopped() {
        let hand = vec![
            CardSpec::exact(Duel, Suit::Spade, 1),
            CardSpec::exact(Duel, Suit::Club, 1),
        ];
        let mut c = Check::new(shielded(hand, Some(SerpentSpear)));
        let action = c
            .find(0, |cards, skill, t| {
                skill == Some(SkillId::SerpentSpear) && cards.len() == 2 && t.len() == 1
            })
            .unwrap();
        c.act(0, action);
        assert_eq!(c.hp(1), 4);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn other_black_cards_are_not_stopped() {
        let s = shielded(vec![CardSpec::exact(Duel, Suit::Spade, 1)], None);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]).pass_windows().pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
