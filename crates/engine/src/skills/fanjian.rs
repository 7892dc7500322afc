//! 反间 Fanjian — 周瑜.
//!
//! 出牌阶段限一次，你可以令一名其他角色选择一种花色，然后其获得你的一张手牌并展示之，若此牌花色与其所选的不同，你对其造成1点伤害。
//! Once per play phase, choose another character: they name a suit, take one of your hand cards and reveal it; if its suit differs, you deal them 1 damage.
//!
//! 周瑜 needs a hand card. The target names a suit (public), then picks one of his hand cards
//! face down; the card is shown to everyone as it moves to the target's hand, and they keep it
//! whatever happens.

use crate::action::Action;
use crate::card::Suit;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::event::Event;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::pick::Areas;
use crate::resolve::{Damage, DamageFrame, Frame, Step};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(SkillId::Fanjian, "反间", "Fanjian", "出牌阶段限一次，你可以令一名其他角色选择一种花色，然后其获得你的一张手牌并展示之，若此牌花色与其所选的不同，你对其造成1点伤害。", "Once per play phase, choose another character: they name a suit, take one of your hand cards and reveal it; if its suit differs, you deal them 1 damage.")
};

const CAUSE: Cause = Cause::Skill(SkillId::Fanjian);

const HAND: Areas = Areas {
    hand: true,
    equip: false,
    judge: false,
};

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty() && game.alive_count() > 1
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // 周瑜 chooses another character.
        0 => {
            frame.step = 1;
            let mut actions: Vec<Action> = game
                .order_from(owner)
                .into_iter()
                .filter(|s| *s != owner)
                .map(|s| Action::Seats { seats: vec![s] })
                .collect();
            actions.push(Action::Pass);
            let kind = PromptKind::Choose { cause: CAUSE };
            Step::ask(Prompt::new(owner, kind, Choices::actions(actions)))
        }
        // They name a suit.
        1 => {
            let Some((_, Action::Seats { seats })) = game.take_answer() else {
                return Step::Done;
            };
            let &[target] = seats.as_slice() else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Fanjian, vec![target]);
            frame.seats = vec![target];
            frame.step = 2;
            let actions = (0..Suit::ALL.len() as u8)
                .map(|index| Action::Option { index })
                .collect();
            let kind = PromptKind::ChooseSuit { cause: CAUSE };
            Step::ask(Prompt::new(target, kind, Choices::actions(actions)))
        }
        // Then take one of 周瑜's hand cards, blind.
        2 => {
            let target = frame.seats[0];
            let Some((_, Action::Option { index })) = game.take_answer() else {
                return Step::Done;
            };
            let Some(&suit) = Suit::ALL.get(index as usize) else {
                return Step::Done;
            };
            game.emit(Event::SuitNamed {
                seat: target,
                suit,
                cause: CAUSE,
            });
            frame.n = index;
            if !game.has_cards_in(owner, HAND) {
                return Step::Done;
            }
            frame.step = 3;
            Step::ask(game.pick_prompt(target, owner, HAND, CAUSE, false))
        }
        // It moves to their hand, shown to everyone.
        3 => {
            let target = frame.seats[0];
            let taken = game
                .take_answer()
                .and_then(|(_, action)| game.take_pick(owner, &action));
            let Some(card) = taken else {
                return Step::Done;
            };
            game.move_cards_shown(&[card], Zone::Hand(target));
            frame.cards = vec![card];
            frame.step = 4;
            Step::Again
        }
        // A different suit: 1 damage from 周瑜.
        4 => {
            let target = frame.seats[0];
            let named = Suit::ALL[frame.n as usize % Suit::ALL.len()];
            frame.step = 5;
            match frame.cards.first() {
                Some(&card) if game.card(card).suit != named && game.is_alive(target) => {
                    Step::Push(Frame::Damage(DamageFrame::new(Damage::new(
                        Some(owner),
                        target,
                        1,
                    ))))
                }
                _ => Step::Done,
            }
        }
        _ => {
            game.take_reply();
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::event::{Event, Known};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, Check};
    use crate::zone::Zone;

    fn fanjian() -> Action {
        Action::Skill {
            skill: SkillId::Fanjian,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// 周瑜 in seat 0 holding one card; seats 1 and 2 white generals.
    fn zhouyu(card: CardSpec) -> Scenario {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhouyu;
        seat(&mut s, 0).hand = vec![card];
        s
    }

    /// 周瑜 uses 反间 on seat 1, which names `suit` and takes his first hand card.
    fn play(c: &mut Check, suit: Suit) {
        c.act(0, fanjian()).act(
            0,
            Action::Seats {
                seats: vec![Seat(1)],
            },
        );
        assert!(c.is_asked(1, |k| *k
            == PromptKind::ChooseSuit {
                cause: Cause::Skill(SkillId::Fanjian)
            }));
        let index = Suit::ALL.iter().position(|s| *s == suit).unwrap() as u8;
        c.act(1, Action::Option { index });
        assert!(c.is_asked(1, |k| matches!(
            k,
            PromptKind::PickCard { owner: Seat(0), .. }
        )));
        c.act(
            1,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
    }

    fn taken(kind: CardKind, suit: Suit, rank: u8) -> CardSpec {
        CardSpec::exact(kind, suit, rank)
    }

    #[test]
    fn a_different_suit_takes_one_damage_and_keeps_the_card() {
        let mut c = Check::new(zhouyu(taken(Slash, Suit::Spade, 7)));
        play(&mut c, Suit::Heart);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1), vec![Slash]);
        assert!(c.hand(0).is_empty());
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(0)),
                target: Seat(1),
                amount: 1,
                ..
            }
        )));
        assert!(c.events.contains(&Event::SuitNamed {
            seat: Seat(1),
            suit: Suit::Heart,
            cause: Cause::Skill(SkillId::Fanjian)
        }));
        c.assert_conserved();
    }

    #[test]
    fn the_named_suit_takes_no_damage() {
        let mut c = Check::new(zhouyu(taken(Slash, Suit::Spade, 7)));
        play(&mut c, Suit::Spade);
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hand(1), vec![Slash]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn the_card_is_shown_to_everyone() {
        let mut c = Check::new(zhouyu(taken(Slash, Suit::Spade, 7)));
        let card = c.hand_card(0, Slash);
        play(&mut c, Suit::Spade);
        let moved = c.events.iter().find(|e| {
            matches!(e, Event::CardsMoved { to: Zone::Hand(Seat(1)), from, .. }
                if from == &[Zone::Hand(Seat(0))])
        });
        assert!(matches!(
            moved,
            Some(Event::CardsMoved { known: Known::All, cards, .. }) if cards == &[card]
        ));
        // Seat 2 and a spectator see which card it was.
        let events = crate::game::Events(c.events.clone());
        for viewer in [Some(Seat(2)), None] {
            assert!(events.for_viewer(viewer).iter().any(|e| matches!(
                e,
                Event::CardsMoved { cards, to: Zone::Hand(Seat(1)), .. } if cards == &[Some(card)]
            )));
        }
    }

    #[test]
    fn once_per_phase_needs_a_hand_card_and_may_be_cancelled() {
        let mut s = zhouyu(taken(Slash, Suit::Spade, 7));
        seat(&mut s, 0).hand.push(CardSpec::kind(Jink));
        let mut c = Check::new(s);
        c.act(0, fanjian()).pass(0);
        assert!(c.allows(0, &fanjian()));
        play(&mut c, Suit::Club);
        assert!(!c.allows(0, &fanjian()));

        let mut s = zhouyu(taken(Slash, Suit::Spade, 7));
        seat(&mut s, 0).hand.clear();
        assert!(!Check::new(s).allows(0, &fanjian()));
    }

    #[test]
    fn the_target_may_save_itself_with_the_peach_it_took() {
        let mut s = zhouyu(taken(Peach, Suit::Heart, 3));
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        play(&mut c, Suit::Spade);
        assert_eq!(c.hp(1), 0);
        // Dying: asked from the current seat (周瑜), then seat 1 itself.
        c.pass(0).card(1, Peach, &[]);
        assert_eq!(c.hp(1), 1);
        assert!(c.alive(1));
        assert!(c.hand(1).is_empty());
    }
}
