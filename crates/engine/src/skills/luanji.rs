//! 乱击 Luanji — 袁绍.
//!
//! 你可以将两张花色相同的手牌当【万箭齐发】使用。
//! You may use two hand cards of the same suit together as Archery Attack.
//!
//! W-LUANJI-1: the virtual 万箭齐发 has that suit (and colour) and no rank; an ordinary trick
//! (无懈可击 per target); used in the play phase, as often as he likes.

use crate::card::{Card, CardKind};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 2,
        from_equip: false,
        as_kind,
        accepts: None,
        shared_suit: true,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Luanji,
        "乱击",
        "Luanji",
        "你可以将两张花色相同的手牌当【万箭齐发】使用。",
        "You may use two hand cards of the same suit as an Archery Attack.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [a, b] if a.suit == b.suit => Some(CardKind::ArcheryAttack),
        _ => None,
    }
}

/// 万箭齐发 is used on one's own initiative.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::{Color, Suit};
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{seat, table, with_pack, Check};

    #[test]
    fn w_luanji_1_two_cards_of_a_suit_make_an_archery_attack_of_that_suit() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Yuanshao;
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Spade, 8),
            CardSpec::exact(Jink, Suit::Heart, 2),
            CardSpec::exact(Peach, Suit::Heart, 3),
        ];
        let mut c = Check::new(s);
        let offered: Vec<Vec<crate::card::CardId>> = c
            .prompt(0)
            .legal_actions(256)
            .into_iter()
            .filter_map(|a| match a {
                Action::Card {
                    cards,
                    skill: Some(SkillId::Luanji),
                    ..
                } => Some(cards),
                _ => None,
            })
            .collect();
        // ♠♠ and ♥♥ only.
        assert_eq!(offered.len(), 2);
        let spades = offered
            .iter()
            .find(|cs| c.game.card(cs[0]).suit == Suit::Spade)
            .unwrap()
            .clone();
        let action = c
            .find(0, |cs, skill, _| {
                skill == Some(SkillId::Luanji) && cs == spades
            })
            .unwrap();
        c.act(0, action).pass_windows();
        let used = c.events.iter().find_map(|e| match e {
            Event::CardUsed { card, .. } => Some(card.clone()),
            _ => None,
        });
        let used = used.unwrap();
        assert_eq!(used.kind, ArcheryAttack);
        assert_eq!(
            (used.suit, used.rank, used.color),
            (Some(Suit::Spade), None, Color::Black)
        );
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        // No limit: the hearts may follow.
        assert!(c
            .find(0, |_, skill, _| skill == Some(SkillId::Luanji))
            .is_some());
    }
}
