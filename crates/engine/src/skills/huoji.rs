//! 火计 Huoji — 卧龙诸葛亮.
//!
//! 你可以将一张红色手牌当【火攻】使用。
//! You may use a red hand card as Fire Attack.
//!
//! W-HUOJI-1: a conversion of one hand card, keeping its suit and rank; only where a 火攻 may be
//! used (his play phase).

use crate::card::{Card, CardKind, Color};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind,
        accepts: None,
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Huoji,
        "火计",
        "Huoji",
        "你可以将一张红色手牌当【火攻】使用。",
        "You may use a red hand card as a Fire Attack.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.color() == Color::Red).then_some(CardKind::FireAttack)
}

/// 火攻 is used on one's own initiative.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    #[test]
    fn w_huoji_1_a_red_hand_card_as_fire_attack() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Wolong;
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Slash, Suit::Spade, 7),
        ];
        seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 2)];
        let mut c = Check::new(s);
        let (peach, spade) = (c.game.hand(Seat(0))[0], c.game.hand(Seat(0))[1]);
        assert!(c
            .find(0, |cs, skill, _| skill == Some(SkillId::Huoji)
                && cs == [spade])
            .is_none());
        let action = c
            .find(0, |cs, skill, t| {
                skill == Some(SkillId::Huoji) && cs == [peach] && t == [Seat(1)]
            })
            .unwrap();
        c.act(0, action).pass_windows();
        let used = c.events.iter().find_map(|e| match e {
            Event::CardUsed { card, .. } => Some(card.clone()),
            _ => None,
        });
        let used = used.unwrap();
        assert_eq!(
            (used.kind, used.suit, used.rank),
            (FireAttack, Some(Suit::Heart), Some(3))
        );
    }
}
