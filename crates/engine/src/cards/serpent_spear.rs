//! 丈八蛇矛 Serpent Spear — 武器, range 3.
//!
//! 你可以将两张手牌当【杀】使用或打出。 You may use or play two hand cards as a 杀 (red if both
//! are red, black if both are black, otherwise colourless).

use crate::card::{Card, CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::SerpentSpear,
    [
        "丈八蛇矛",
        "Serpent Spear",
        "你可以将两张手牌当【杀】使用或打出。",
        "You may use or play two hand cards as a Slash.",
    ],
    Slot::Weapon,
    3,
    Some(SkillId::SerpentSpear),
);

pub static SKILL: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 2,
        from_equip: false,
        as_kind: two_as_slash,
        accepts: None,
        shared_suit: false,
        usable: any_time,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::SerpentSpear,
        "丈八蛇矛",
        "Serpent Spear",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn two_as_slash(cards: &[Card]) -> Option<CardKind> {
    (cards.len() == 2).then_some(CardKind::Slash)
}

fn any_time(_: &Game, _: Seat, _: CardMode) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::{Color, Suit};
    use crate::event::Event;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn spear(c: &Check, seat: u8, targets: &[u8]) -> Action {
        c.find(seat, |cards, skill, t| {
            skill == Some(SkillId::SerpentSpear)
                && cards.len() == 2
                && t.iter().map(|s| s.0).eq(targets.iter().copied())
        })
        .expect("no 丈八蛇矛 杀")
    }

    fn used_colour(c: &Check) -> Color {
        c.events
            .iter()
            .find_map(|e| match e {
                Event::CardUsed { card, .. } if card.kind == Slash => Some(card.color),
                _ => None,
            })
            .expect("no 杀 used")
    }

    #[test]
    fn two_hand_cards_are_used_as_a_slash() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Peach, Jink]);
        seat(&mut s, 0).equip = cards(&[SerpentSpear]);
        let mut c = Check::new(s);
        let action = spear(&c, 0, &[1]);
        c.act(0, action).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.hand(0).is_empty());
        assert_eq!(c.discard_pile().len(), 2);
        assert_eq!(used_colour(&c), Color::Red);
        // It counts toward the limit (timing-rulings.md B.10).
        assert_eq!(c.game.turn().slashes_used, 1);
    }

    #[test]
    fn red_and_black_make_a_colourless_slash() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Duel, Suit::Spade, 1),
        ];
        seat(&mut s, 0).equip = cards(&[SerpentSpear]);
        let mut c = Check::new(s);
        let action = spear(&c, 0, &[1]);
        c.act(0, action);
        assert_eq!(used_colour(&c), Color::None);
    }

    #[test]
    fn two_cards_may_be_played_as_a_slash_in_response() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[SavageAssault]);
        seat(&mut s, 1).hand = cards(&[Peach, Jink]);
        seat(&mut s, 1).equip = cards(&[SerpentSpear]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]).pass_windows();
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Slash, .. })));
        let action = spear(&c, 1, &[]);
        c.act(1, action);
        assert_eq!(c.hp(1), 4);
        assert!(c.hand(1).is_empty());
    }

    #[test]
    fn one_hand_card_is_not_enough_and_equipment_does_not_count() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 0).equip = cards(&[SerpentSpear, Dilu]);
        let c = Check::new(s);
        assert!(c
            .find(0, |_, skill, _| skill == Some(SkillId::SerpentSpear))
            .is_none());
    }
}
