//! 看破 Kanpo — 卧龙诸葛亮.
//!
//! 你可以将一张黑色手牌当【无懈可击】使用。
//! You may use a black hand card as Nullification.
//!
//! W-KANPO-1: a conversion of one hand card, keeping its suit and rank, in any 无懈可击 window.

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
        SkillId::Kanpo,
        "看破",
        "Kanpo",
        "你可以将一张黑色手牌当【无懈可击】使用。",
        "You may use a black hand card as a Nullification.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.color() == Color::Black).then_some(CardKind::Nullification)
}

/// 无懈可击 is only used in answer to a trick.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::UseInResponse
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    #[test]
    fn w_kanpo_1_a_black_hand_card_nullifies_a_trick() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).hand = cards(&[Dismantlement]);
        seat(&mut s, 1).general = GeneralId::Wolong;
        seat(&mut s, 1).hand = vec![
            CardSpec::exact(Slash, Suit::Club, 4),
            CardSpec::exact(Jink, Suit::Heart, 2),
        ];
        let mut c = Check::new(s);
        c.card(0, Dismantlement, &[1]);
        let (club, heart) = (c.game.hand(Seat(1))[0], c.game.hand(Seat(1))[1]);
        assert!(c
            .find(1, |cs, skill, _| skill == Some(SkillId::Kanpo)
                && cs == [heart])
            .is_none());
        let action = c
            .find(1, |cs, skill, _| {
                skill == Some(SkillId::Kanpo) && cs == [club]
            })
            .unwrap();
        c.act(1, action).pass_windows();
        // Nullified: his 闪 stays.
        assert_eq!(c.hand(1), vec![Jink]);
        assert!(c.prompt(0).is_play());
    }
}
