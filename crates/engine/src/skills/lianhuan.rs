//! 连环 Lianhuan — 庞统.
//!
//! 你可以将一张梅花手牌当【铁索连环】使用或重铸。
//! You may use a ♣ hand card as Iron Chain, or recast it as if it were Iron Chain.
//!
//! W-LIANHUAN-1: the conversion keeps the card's suit and rank. Recasting (重铸) is not a use:
//! the card goes to the discard pile and he draws one, in his play phase only, with no 无懈可击
//! window — the one recast procedure (`resolve/recast.rs`), which offers every hand card a
//! conversion of its holder makes recastable.

use crate::card::{Card, CardKind, Suit};
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
        SkillId::Lianhuan,
        "连环",
        "Lianhuan",
        "你可以将一张梅花手牌当【铁索连环】使用或重铸。",
        "You may use a club hand card as an Iron Chain, or recast it.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.suit == Suit::Club).then_some(CardKind::IronChain)
}

/// 铁索连环 is used (or recast) in the play phase.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    fn pangtong() -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "fire");
        seat(&mut s, 0).general = GeneralId::Pangtong;
        seat(&mut s, 0).hand = vec![
            CardSpec::exact(Slash, Suit::Club, 5),
            CardSpec::exact(Slash, Suit::Spade, 7),
        ];
        s.draw_pile_top = vec![CardSpec::kind(Peach)];
        Check::new(s)
    }

    #[test]
    fn w_lianhuan_1_a_club_hand_card_as_iron_chain_keeps_suit_and_rank() {
        let mut c = pangtong();
        let club = c.game.hand(Seat(0))[0];
        assert!(c
            .find(0, |cs, skill, _| skill == Some(SkillId::Lianhuan)
                && cs != [club])
            .is_none());
        let action = c
            .find(0, |cs, skill, t| {
                skill == Some(SkillId::Lianhuan) && cs == [club] && t.len() == 2
            })
            .unwrap();
        c.act(0, action).pass_windows().pass_windows();
        let used = c.events.iter().find_map(|e| match e {
            Event::CardUsed { card, .. } => Some(card.clone()),
            _ => None,
        });
        let used = used.unwrap();
        assert_eq!(
            (used.kind, used.suit, used.rank),
            (IronChain, Some(Suit::Club), Some(5))
        );
        assert!(c.game.is_chained(Seat(1)) || c.game.is_chained(Seat(0)));
    }

    #[test]
    fn w_lianhuan_1_recasting_a_club_card_is_no_use() {
        let mut c = pangtong();
        let (club, spade) = (c.game.hand(Seat(0))[0], c.game.hand(Seat(0))[1]);
        assert!(!c.allows(0, &Action::Recast { card: spade }));
        c.act(0, Action::Recast { card: club });
        assert_eq!(c.discard_pile(), vec![Slash]);
        assert_eq!(c.hand(0), vec![Slash, Peach]);
        assert!(!c.events.iter().any(|e| matches!(e, Event::CardUsed { .. })));
        // No 无懈可击 window: straight back to his play phase.
        assert!(c.prompt(0).is_play());
    }
}
