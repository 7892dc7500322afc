//! 乐不思蜀 Indulgence — 延时锦囊.
//!
//! 出牌阶段，对一名其他角色使用。将此牌置入其判定区。判定阶段进行判定：若结果不为♥，其跳过出牌
//! 阶段。然后将之置入弃牌堆。
//! Place in another character's judgment area. When judged: unless ♥, they skip their play phase.

use crate::card::{Card, CardId, CardKind, Category, Suit, UsedCard};
use crate::def::card::{always, CardDef, Delayed, Target};
use crate::game::Game;
use crate::prompt::Phase;
use crate::resolve::Frame;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Indulgence,
    name_zh: "乐不思蜀",
    name_en: "Indulgence",
    text_zh: "出牌阶段，对一名其他角色使用。将此牌置入其判定区。判定阶段判定：若结果不为♥，其跳过出牌阶段。",
    text_en: "Place in another character's judgment area. On judgment other than ♥, they skip their play phase.",
    category: Category::DelayedTrick,
    range: 0,
    skill: None,
    target: Target::One(other_without_one),
    can_use: always,
    on_start: None,
    effect: None,
    delayed: Some(Delayed {
        hits,
        on_hit,
        moves_on: false,
    }),
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn other_without_one(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target
        && !game.holds_delayed(target, CardKind::Indulgence)
        && !(crate::modes::identity::early_cards::enabled(game)
            && game.role(target) == crate::seat::Role::Lord)
}

fn hits(card: &Card) -> bool {
    card.suit != Suit::Heart
}

fn on_hit(game: &mut Game, seat: Seat, _: CardId) -> Option<Frame> {
    if game.turn.seat == seat {
        game.skip_phase(Phase::Play);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit::*;
    use crate::event::Event;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn judging(top: CardSpec) -> Scenario {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Judge;
        seat(&mut s, 0).judge = cards(&[Indulgence]);
        s.draw_pile_top = vec![top];
        s
    }

    fn play_skipped(c: &Check) -> bool {
        c.events.iter().any(|e| {
            matches!(
                e,
                Event::PhaseSkipped { seat, phase: Phase::Play } if seat.0 == 0
            )
        })
    }

    #[test]
    fn goes_to_another_seat_at_any_distance_but_never_twice_to_one_seat() {
        // timing-rulings.md A.8 and E.23.
        let mut s = table(&[Lord, Rebel, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Indulgence, Indulgence]);
        seat(&mut s, 2).equip = cards(&[Dilu]);
        let mut c = Check::new(s);
        assert!(c.find_card(0, Indulgence, &[0]).is_none());
        c.card(0, Indulgence, &[2]);
        assert_eq!(c.judge_area(2), vec![Indulgence]);
        assert!(c.find_card(0, Indulgence, &[2]).is_none());
        assert!(c.find_card(0, Indulgence, &[1]).is_some());
    }

    #[test]
    fn unless_heart_the_play_phase_is_skipped() {
        let mut c = Check::new(judging(CardSpec::exact(Peach, Diamond, 12)));
        c.pass_windows();
        assert!(play_skipped(&c));
        assert!(c.judge_area(0).is_empty());
        assert!(c.discard_pile().contains(&Indulgence));
        // The turn went on to the next seat.
        assert!(c.is_asked(1, |k| *k == PromptKind::Play));
        assert_eq!(c.hand(0).len(), 2, "the draw phase still happened");
    }

    #[test]
    fn a_heart_keeps_the_play_phase() {
        let mut c = Check::new(judging(CardSpec::exact(Jink, Heart, 2)));
        c.pass_windows();
        assert!(!play_skipped(&c));
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
        assert!(c.discard_pile().contains(&Indulgence));
    }

    #[test]
    fn nullified_it_is_discarded_without_effect() {
        // timing-rulings.md C.14.
        let mut s = judging(CardSpec::exact(Slash, Spade, 10));
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(1, Nullification, &[]).pass_windows();
        assert!(!play_skipped(&c));
        assert!(c.judge_area(0).is_empty() && c.judge_area(1).is_empty());
        assert!(c.discard_pile().contains(&Indulgence));
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
        // The ♠10 was not used for a judgment: it was drawn.
        assert!(c.hand(0).contains(&Slash));
    }
}
