//! 国色 Guose — 大乔.
//!
//! 你可以将一张♦牌当【乐不思蜀】使用。
//! You may use any diamond card as Indulgence.
//!
//! Any ♦ card of the hand or the equipment area (`generals-standard.md` §2). The card lies in
//! the judgment area as a 乐不思蜀 and is judged as one.

use crate::card::{Card, CardKind, Suit};
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: true,
        as_kind,
        accepts: None,
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    ..SkillDef::named(
        SkillId::Guose,
        "国色",
        "Guose",
        "你可以将一张♦牌当【乐不思蜀】使用。",
        "You may use any diamond card as Indulgence.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.suit == Suit::Diamond => Some(CardKind::Indulgence),
        _ => None,
    }
}

/// 乐不思蜀 is only ever used on one's own initiative.
fn usable(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::{CardId, Suit};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    fn guose(c: &Check, card: CardId, target: u8) -> Option<Action> {
        c.find(0, |cs, skill, t| {
            cs == [card] && skill == Some(SkillId::Guose) && t.len() == 1 && t[0].0 == target
        })
    }

    #[test]
    fn diamond_card_becomes_indulgence_and_skips_the_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Daqiao;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 2)];
        // Seat 1's judgment: a ♠ card, so the 乐不思蜀 hits.
        s.draw_pile_top = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::kind(Peach),
            CardSpec::kind(Peach),
        ];
        let mut c = Check::new(s);
        let jink = c.hand_card(0, Jink);
        let action = guose(&c, jink, 1).expect("国色 on seat 1");
        c.act(0, action);
        assert_eq!(c.judge_area(1), vec![Indulgence]);
        assert_eq!(
            c.game.table().zone_of(jink),
            crate::zone::Zone::Judge(Seat(1))
        );
        // End 大乔's turn (her discard phase asks nothing: she has no cards).
        c.pass(0);
        c.pass_windows();
        assert!(c.events.iter().any(|e| matches!(
            e,
            crate::event::Event::PhaseSkipped {
                seat: Seat(1),
                phase: Phase::Play
            }
        )));
        assert!(c.game.table().discard_pile.contains(&jink));
        c.assert_conserved();
    }

    #[test]
    fn equipment_counts_other_suits_do_not() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Daqiao;
        // 贯石斧 is ♦5; a ♥ 闪 is not ♦.
        seat(&mut s, 0).equip = cards(&[Axe]);
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Heart, 2)];
        let c = Check::new(s);
        let axe = c.game.table().seats[0].equipment().next().unwrap();
        let jink = c.hand_card(0, Jink);
        assert!(guose(&c, axe, 1).is_some());
        assert!(guose(&c, jink, 1).is_none());
    }

    #[test]
    fn not_on_a_seat_already_holding_indulgence() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Daqiao;
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 2)];
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        let c = Check::new(s);
        let jink = c.hand_card(0, Jink);
        assert!(guose(&c, jink, 1).is_none());
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }
}
