//! 遗计 Yiji — 郭嘉.
//!
//! 每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将这两张牌任意分配给任意角色。
//! After you take 1 point of damage, you may look at the top two cards of the draw pile and give
//! them to any characters in any split (yourself included).
//!
//! Per point: 3 damage asks three times. The two cards come into 郭嘉's hand (seen by him only);
//! he then gives any of them to another character (seen by the two of them only), as often as he
//! likes; passing keeps the rest.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Yiji,
        "遗计",
        "Yiji",
        "每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将这两张牌任意分配给任意角色。",
        "After you take 1 point of damage, you may look at the top two cards of the draw pile and give them to any characters in any split.",
    )
};

const DRAW: u8 = 0;
const GIVE: u8 = 1;
const GIVEN: u8 = 2;
const NEXT_POINT: u8 = 3;
const CONFIRMED: u8 = 4;

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.target == owner && d.amount > 0)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Yiji, owner);
    frame.n = damage.amount;
    Some(Frame::Skill(frame))
}

/// One point at a time: take the top two, hand them out, then offer the next point.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let cause = Cause::Skill(SkillId::Yiji);
    match frame.step {
        DRAW => {
            frame.cards = game.take_from_top(2);
            game.move_cards(&frame.cards, Zone::Hand(owner));
            frame.step = GIVE;
            Step::Again
        }
        GIVE => {
            frame
                .cards
                .retain(|c| game.table.zone_of(*c) == Zone::Hand(owner));
            if frame.cards.is_empty() {
                frame.step = NEXT_POINT;
                return Step::Again;
            }
            frame.step = GIVEN;
            let mut actions = Vec::new();
            let subsets: Vec<Vec<_>> = match frame.cards.as_slice() {
                [a, b] => vec![vec![*a], vec![*b], vec![*a, *b]],
                cards => vec![cards.to_vec()],
            };
            for to in game.order_from(owner).into_iter().filter(|s| *s != owner) {
                for cards in &subsets {
                    actions.push(Action::Skill {
                        skill: SkillId::Yiji,
                        cards: cards.clone(),
                        targets: vec![to],
                    });
                }
            }
            actions.push(Action::Pass);
            Step::ask(Prompt::new(
                owner,
                PromptKind::Choose { cause },
                Choices::actions(actions),
            ))
        }
        GIVEN => {
            match game.take_answer() {
                Some((_, Action::Skill { cards, targets, .. })) if targets.len() == 1 => {
                    game.move_cards(&cards, Zone::Hand(targets[0]));
                    frame.step = GIVE;
                }
                _ => frame.step = NEXT_POINT,
            }
            Step::Again
        }
        NEXT_POINT => {
            frame.n = frame.n.saturating_sub(1);
            if frame.n == 0 || !game.is_alive(owner) {
                return Step::Done;
            }
            frame.step = CONFIRMED;
            let yes = Action::Skill {
                skill: SkillId::Yiji,
                cards: Vec::new(),
                targets: Vec::new(),
            };
            Step::ask(Prompt::new(
                owner,
                PromptKind::Confirm {
                    skill: SkillId::Yiji,
                },
                Choices::actions(vec![yes, Action::Pass]),
            ))
        }
        CONFIRMED => {
            if !matches!(game.take_answer(), Some((_, Action::Skill { .. }))) {
                return Step::Done;
            }
            game.invoke(owner, SkillId::Yiji, Vec::new());
            frame.step = DRAW;
            Step::Again
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::Suit;
    use crate::card::{CardId, CardKind::*};
    use crate::event::{Event, Known};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};
    use crate::zone::Zone;

    fn give(cards: &[CardId], to: u8) -> Action {
        Action::Skill {
            skill: SkillId::Yiji,
            cards: cards.to_vec(),
            targets: vec![Seat(to)],
        }
    }

    fn top_two(c: &Check) -> Vec<CardId> {
        let pile = &c.game.table().draw_pile;
        vec![pile[pile.len() - 1], pile[pile.len() - 2]]
    }

    fn is_confirm(c: &Check) -> bool {
        c.is_asked(0, |k| {
            matches!(
                k,
                PromptKind::Confirm {
                    skill: SkillId::Yiji
                }
            )
        })
    }

    #[test]
    fn three_thunder_damage_from_lightning_asks_three_times() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        seat(&mut s, 0).max_hp = Some(5);
        seat(&mut s, 0).judge = cards(&[Lightning]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows();
        c.pass(0); // 天妒: leave the judgment card.
        assert_eq!(c.hp(0), 2);

        // Point 1: both cards to seat 1.
        assert!(is_confirm(&c));
        let first = top_two(&c);
        c.skill(0, SkillId::Yiji);
        c.act(0, give(&first, 1));
        // Point 2: one to seat 2, keep the other.
        assert!(is_confirm(&c));
        let second = top_two(&c);
        c.skill(0, SkillId::Yiji);
        c.act(0, give(&second[..1], 2)).pass(0);
        // Point 3: keep both.
        assert!(is_confirm(&c));
        let third = top_two(&c);
        c.skill(0, SkillId::Yiji).pass(0);
        // No fourth time: on to the draw phase (two more cards) and the play phase.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.game.hand(Seat(1)), first.as_slice());
        assert_eq!(c.game.hand(Seat(2)), &second[..1]);
        let hand = c.game.hand(Seat(0));
        assert_eq!(hand.len(), 1 + 2 + 2);
        assert!(hand.contains(&second[1]) && third.iter().all(|t| hand.contains(t)));
        let invoked = c
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::SkillInvoked {
                        skill: SkillId::Yiji,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(invoked, 3);
        c.assert_conserved();
    }

    #[test]
    fn cards_are_seen_only_by_guojia_and_the_receiver() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]).pass(0).skill(0, SkillId::Yiji);
        // They came to his hand seen by him alone.
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardsMoved { cards, from, to: Zone::Hand(Seat(0)), known: Known::Seats(seen), .. }
                if cards.len() == 2 && from == &vec![Zone::DrawPile; 2] && seen == &vec![Seat(0)]
        )));
        let two: Vec<CardId> = c.game.hand(Seat(0)).to_vec();
        assert_eq!(two.len(), 2);
        c.act(0, give(&two[1..], 2)).act(0, give(&two[..1], 1));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardsMoved { to: Zone::Hand(Seat(2)), known: Known::Seats(seen), .. }
                if seen == &vec![Seat(0), Seat(2)]
        )));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::CardsMoved { to: Zone::Hand(Seat(1)), known: Known::Seats(seen), .. }
                if seen == &vec![Seat(0), Seat(1)]
        )));
        assert!(c.game.hand(Seat(0)).is_empty());
        // One point of damage: asked once, and the 杀's user plays on.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Play)));
    }

    #[test]
    fn may_stop_before_the_last_point() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Guojia;
        seat(&mut s, 0).max_hp = Some(5);
        seat(&mut s, 0).judge = cards(&[Lightning]);
        s.phase = Phase::Judge;
        s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
        let mut c = Check::new(s);
        c.pass_windows().pass(0);
        c.skill(0, SkillId::Yiji).pass(0);
        assert!(is_confirm(&c));
        c.pass(0);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.hand(0).len(), 2 + 2);
    }
}
