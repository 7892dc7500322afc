//! 涉猎 Shelie — 神吕蒙.
//!
//! 摸牌阶段开始时，你可以放弃摸牌，改为亮出牌堆顶的五张牌：你获得其中每种花色的牌各一张，然后将其余的牌置入弃牌堆。
//! At the start of your draw phase, instead of drawing, you may reveal the top five cards of the
//! draw pile: take one card of each suit among them, and put the rest into the discard pile.
//!
//! W-SHELIE-1: the revealed cards are public (moved face up to the processing area); exactly one
//! card of every suit present is taken (1–4 cards) — he chooses only where a suit appears more
//! than once, suit by suit in ♠ ♥ ♣ ♦ order. The draw phase still happens (W-MECH-SKIP-1): only
//! its draw is replaced.

use crate::action::Action;
use crate::card::{CardId, Suit};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DrawCount,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Shelie,
        "涉猎",
        "Shelie",
        "摸牌阶段开始时，你可以放弃摸牌，改为亮出牌堆顶的五张牌：你获得其中每种花色的牌各一张，然后将其余的牌置入弃牌堆。",
        "At the start of your draw phase, instead of drawing, you may reveal the top five cards of the draw pile: take one card of each suit among them, and put the rest into the discard pile.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Draw { count, .. } = data else {
        return None;
    };
    *count = 0;
    let revealed = game.take_from_top(5);
    game.move_cards(&revealed, Zone::Processing);
    let mut frame = SkillFrame::new(SkillId::Shelie, owner);
    frame.cards = revealed;
    Some(Frame::Skill(frame))
}

/// Suit by suit (`frame.n`): the only card of it is taken, or he picks one of several.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if let Some((_, Action::Cards { cards })) = game.take_answer() {
        if let Some(&card) = cards.first().filter(|c| frame.cards.contains(c)) {
            take(game, frame, card);
        }
    }
    while let Some(&suit) = Suit::ALL.get(frame.n as usize) {
        frame.n += 1;
        let of_suit: Vec<CardId> = frame
            .cards
            .iter()
            .copied()
            .filter(|c| game.card(*c).suit == suit)
            .collect();
        match of_suit.as_slice() {
            [] => {}
            [one] => take(game, frame, *one),
            _ => {
                return Step::ask(Prompt::new(
                    owner,
                    PromptKind::Choose {
                        cause: Cause::Skill(SkillId::Shelie),
                    },
                    Choices::Cards {
                        from: of_suit,
                        min: 1,
                        max: 1,
                        can_pass: false,
                    },
                ))
            }
        }
    }
    let rest = std::mem::take(&mut frame.cards);
    game.discard_from_processing(&rest);
    Step::Done
}

fn take(game: &mut Game, frame: &mut SkillFrame, card: CardId) {
    frame.cards.retain(|c| *c != card);
    game.move_cards(&[card], Zone::Hand(frame.owner));
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::{Choices, Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    /// 神吕蒙 (seat 0) at the start of his draw phase, the draw pile starting with `top`.
    fn lvmeng(top: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "god");
        s.phase = Phase::Draw;
        seat(&mut s, 0).general = GeneralId::ShenLvmeng;
        s.draw_pile_top = top;
        Check::new(s)
    }

    #[test]
    fn w_shelie_1_one_card_of_each_suit_the_rest_discarded_all_public() {
        let mut c = lvmeng(vec![
            CardSpec::exact(Slash, Suit::Spade, 8),
            CardSpec::exact(Jink, Suit::Heart, 2),
            CardSpec::exact(Slash, Suit::Spade, 9),
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Jink, Suit::Diamond, 6),
        ]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Confirm { .. })));
        c.skill(0, SkillId::Shelie);
        // Two ♠: he chooses.
        let Choices::Cards { from, .. } = c.prompt(0).choices.clone() else {
            panic!("{:?}", c.prompt(0));
        };
        assert_eq!(from.len(), 2);
        let four = from[1];
        c.act(0, Action::Cards { cards: vec![four] });
        // Two ♥: he chooses the 桃.
        let Choices::Cards { from, .. } = c.prompt(0).choices.clone() else {
            panic!("{:?}", c.prompt(0));
        };
        let peach = from
            .iter()
            .copied()
            .find(|card| c.game.card(*card).kind == Peach);
        c.act(
            0,
            Action::Cards {
                cards: peach.into_iter().collect(),
            },
        );
        // ♦ alone is taken; no normal draw.
        let mut hand: Vec<_> = c.hand(0);
        hand.sort_by_key(|k| format!("{k:?}"));
        assert_eq!(hand, vec![Jink, Peach, Slash]);
        assert_eq!(c.discard_pile().len(), 2);
        // The reveal was public: the rebel saw every card's id.
        let seen = c.seen_by(Some(1));
        assert!(seen
            .iter()
            .any(|e| matches!(e, Event::CardsMoved { cards, .. }
            if cards.len() == 5 && cards.iter().all(|c| c.is_some()))));
        c.assert_conserved();
        let _ = Seat(0);
    }

    #[test]
    fn w_mech_skip_1_declining_draws_two_as_usual() {
        let mut c = lvmeng(Vec::new());
        c.pass(0);
        assert_eq!(c.hand(0).len(), 2);
    }
}
