//! 业炎 Yeyan — 神周瑜 [限定技] (2013 text).
//!
//! 限定技，出牌阶段，你可以选择一至三名角色，对这些角色各造成1点火焰伤害；或你可以弃置四张花色各不相同的手牌并失去3点体力，然后选择一至两名角色，对这些角色造成共计至多3点火焰伤害，且对其中一名角色造成至少2点火焰伤害。
//! Limited, in your play phase: either deal 1 fire damage to each of one to three characters;
//! or discard four hand cards of four different suits and lose 3 HP, then deal a total of up to
//! 3 fire damage to one or two characters, at least 2 of it to one of them.
//!
//! The use names its targets (1–3, himself allowed, each once). W-YEYAN-1: with one or two
//! targets he chooses the form, asked either way: form (a) (`Option 0`), or form (b) by naming
//! four hand cards of four different suits (one answer per such set). The answer that chooses
//! form (b) names its cards, so what he may answer depends on his hand only through the cards
//! it names (no other seat can tell from the question or its answers what else he holds). Then
//! the split: one target takes 3 or 2 (ruling O-4: "up to 3" allows 2), two targets take 2 and 1
//! (he says who takes 2). W-YEYAN-2: the costs come first (he may be dying, or dead, before any
//! damage: ruling O-6, the damage is still dealt); then the damage in seat order from the
//! current player, fire nature.

use crate::action::Action;
use crate::card::{CardId, Suit};
use crate::def::skill::{Active, SkillDef, SkillFrame, Tags};
use crate::event::Nature;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Damage, DamageFrame, Frame, LoseHpFrame, Step};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        limited: true,
        ..Tags::NONE
    },
    active: Some(Active {
        can_use: |_, _| true,
    }),
    active_targets: Some(targets),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Yeyan,
        "业炎",
        "Yeyan",
        "限定技，出牌阶段，你可以选择一至三名角色，对这些角色各造成1点火焰伤害；或你可以弃置四张花色各不相同的手牌并失去3点体力，然后选择一至两名角色，对这些角色造成共计至多3点火焰伤害，且对其中一名角色造成至少2点火焰伤害。",
        "Limited, in your play phase: deal 1 fire damage to each of one to three characters; or discard four hand cards of different suits and lose 3 HP, then deal a total of up to 3 fire damage to one or two characters, at least 2 of it to one of them.",
    )
};

/// One to three living characters, himself included.
fn targets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    let all = game.order_from(owner);
    crate::resolve::legal::subsets(&all, 3)
}

/// Every set of four hand cards of four different suits (form (b)'s possible costs), each in
/// suit order; none when a suit is missing.
fn four_suit_sets(game: &Game, owner: Seat) -> Vec<Vec<CardId>> {
    let mut sets: Vec<Vec<CardId>> = vec![Vec::new()];
    for suit in Suit::ALL {
        let of_suit: Vec<CardId> = game
            .hand(owner)
            .iter()
            .copied()
            .filter(|c| game.card(*c).suit == suit)
            .collect();
        sets = sets
            .iter()
            .flat_map(|set| {
                of_suit.iter().map(move |c| {
                    let mut more = set.clone();
                    more.push(*c);
                    more
                })
            })
            .collect();
    }
    sets
}

fn ask(owner: Seat, choices: Choices) -> Step {
    Step::ask(Prompt::new(
        owner,
        PromptKind::Choose {
            cause: Cause::Skill(SkillId::Yeyan),
        },
        choices,
    ))
}

/// Frame steps: 0 form; 1 the form's answer (form (b)'s four cards with it), then the split;
/// 3 pay; 4 after the loss; 5 form (a); 6 the damage, one target after another.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            let targets = frame.seats.clone();
            game.invoke(owner, SkillId::Yeyan, targets.clone());
            if targets.len() <= 2 {
                // Asked whether or not form (b) can be paid: who is asked is public, and must
                // not tell the table whether his hand holds the four suits. Form (b) is chosen
                // by naming its four cards.
                let forms = std::iter::once(Action::Option { index: 0 })
                    .chain(
                        four_suit_sets(game, owner)
                            .into_iter()
                            .map(|cards| Action::Cards { cards }),
                    )
                    .collect();
                frame.step = 1;
                return ask(owner, Choices::actions(forms));
            }
            frame.step = 5;
            Step::Again
        }
        1 => {
            let cards = match game.take_answer() {
                Some((_, Action::Cards { cards })) => cards,
                _ => Vec::new(),
            };
            if cards.len() != 4 {
                frame.step = 5;
                return Step::Again;
            }
            frame.cards = cards;
            frame.step = 3;
            let options = if frame.seats.len() == 1 {
                // 3, or 2 (O-4).
                vec![Action::Option { index: 3 }, Action::Option { index: 2 }]
            } else {
                // Who takes the 2.
                frame
                    .seats
                    .iter()
                    .map(|t| Action::Seats { seats: vec![*t] })
                    .collect()
            };
            ask(owner, Choices::actions(options))
        }
        3 => {
            let answer = game.take_answer();
            frame.step = 4;
            // The heavy target and its amount: one target takes 3 or 2 (O-4); of two, the one
            // he named takes 2 and the other 1.
            let (heavy, amount) = match (answer, frame.seats.as_slice()) {
                (Some((_, Action::Option { index })), [one]) => (*one, index.clamp(2, 3)),
                (_, [one]) => (*one, 3),
                (Some((_, Action::Seats { seats })), [a, b]) => {
                    (if seats.first() == Some(b) { *b } else { *a }, 2)
                }
                (_, [a, ..]) => (*a, 2),
                _ => return Step::Done,
            };
            schedule(game, frame, |t| if t == heavy { amount } else { 1 });
            let cost = std::mem::take(&mut frame.cards);
            game.discard(&cost);
            Step::Push(Frame::LoseHp(LoseHpFrame::new(owner, 3)))
        }
        4 => {
            game.take_reply();
            frame.step = 6;
            Step::Again
        }
        // Form (a): 1 each.
        5 => {
            schedule(game, frame, |_| 1);
            frame.step = 6;
            Step::Again
        }
        // The damage, one target after another, even from a dead 神周瑜 (O-6).
        _ => {
            game.take_reply();
            if frame.seats.is_empty() {
                return Step::Done;
            }
            let target = frame.seats.remove(0);
            let amount = frame.n & 3;
            frame.n >>= 2;
            if !game.is_alive(target) || amount == 0 {
                return Step::Again;
            }
            Step::Push(Frame::Damage(DamageFrame::new(Damage {
                nature: Nature::Fire,
                skill: Some(SkillId::Yeyan),
                ..Damage::new(Some(owner), target, amount)
            })))
        }
    }
}

/// Puts the targets in damage order — seat order from the current player (W-YEYAN-2) — with
/// their amounts packed two bits each into `frame.n`, the first target's lowest.
fn schedule(game: &Game, frame: &mut SkillFrame, amount: impl Fn(Seat) -> u8) {
    let ordered: Vec<Seat> = game
        .order_from_current()
        .into_iter()
        .filter(|s| frame.seats.contains(s))
        .collect();
    frame.n = ordered
        .iter()
        .rev()
        .fold(0, |n, t| (n << 2) | (amount(*t) & 3));
    frame.seats = ordered;
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::{Event, Nature};
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::Choices;
    use crate::scenario::CardSpec;
    use crate::seat::Role::{self, *};
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    fn four_suits() -> Vec<CardSpec> {
        vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::exact(Slash, Suit::Club, 2),
            CardSpec::exact(Jink, Suit::Diamond, 2),
        ]
    }

    /// 神周瑜 (seat 0, `hp`) of `roles` uses 业炎 on `targets`.
    fn yeyan(roles: &[Role], hp: i8, hand: Vec<CardSpec>, targets: &[u8]) -> Check {
        let mut s = with_pack(table(roles), "god");
        seat(&mut s, 0).general = GeneralId::ShenZhouyu;
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 0).hand = hand;
        s.current = Some(Seat(0));
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Yeyan,
                cards: Vec::new(),
                targets: targets.iter().map(|t| Seat(*t)).collect(),
            },
        );
        c
    }

    /// The first answer of the form question that chooses form (b) (it names four cards).
    fn form_b(c: &Check) -> Action {
        let Choices::Actions { actions } = &c.prompt(0).choices else {
            panic!("not the form question: {:?}", c.prompt(0));
        };
        match actions.iter().find(|a| matches!(a, Action::Cards { .. })) {
            Some(action) => action.clone(),
            None => panic!("form (b) not offered: {actions:?}"),
        }
    }

    fn fire_damage(c: &Check) -> Vec<(u8, u8)> {
        c.events
            .iter()
            .filter_map(|e| match e {
                Event::Damaged {
                    target,
                    amount,
                    nature: Nature::Fire,
                    ..
                } => Some((target.0, *amount)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn w_yeyan_1_form_a_one_fire_damage_to_each_of_up_to_three_once_per_game() {
        let c = yeyan(
            &[Lord, Rebel, Loyalist, Renegade],
            4,
            Vec::new(),
            &[0, 1, 2],
        );
        assert_eq!(fire_damage(&c), vec![(0, 1), (1, 1), (2, 1)]);
        assert!(!c.game.uses_left(Seat(0), SkillId::Yeyan));
        assert!(c.game.seat(Seat(0)).limited_used.contains(&SkillId::Yeyan));
        c.assert_conserved();
        // With two targets and no four suits he is asked, and only form (a) is offered.
        let mut c = yeyan(&[Lord, Rebel, Loyalist, Renegade], 4, Vec::new(), &[1, 2]);
        assert_eq!(
            c.prompt(0).choices,
            Choices::actions(vec![Action::Option { index: 0 }])
        );
        c.act(0, Action::Option { index: 0 });
        assert_eq!(fire_damage(&c), vec![(1, 1), (2, 1)]);
    }

    #[test]
    fn w_yeyan_1_form_b_costs_four_suits_and_3_hp_then_2_and_1() {
        let mut c = yeyan(&[Lord, Rebel, Loyalist, Renegade], 4, four_suits(), &[1, 3]);
        let form_b = form_b(&c);
        c.act(0, form_b);
        // Who takes 2: seat 3.
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(3)],
            },
        );
        assert!(c.game.hand(Seat(0)).is_empty());
        assert_eq!(c.hp(0), 1);
        assert_eq!(fire_damage(&c), vec![(1, 1), (3, 2)]);
        let lost = c
            .events
            .iter()
            .position(|e| matches!(e, Event::HpLost { .. }));
        let hit = c
            .events
            .iter()
            .position(|e| matches!(e, Event::Damaged { .. }));
        assert!(lost < hit, "W-YEYAN-2: costs first");
    }

    #[test]
    fn o_4_form_b_may_deal_just_2_to_one_target() {
        let mut c = yeyan(&[Lord, Rebel, Loyalist, Renegade], 4, four_suits(), &[2]);
        let form_b = form_b(&c);
        c.act(0, form_b);
        c.act(0, Action::Option { index: 2 });
        assert_eq!(fire_damage(&c), vec![(2, 2)]);
    }

    #[test]
    fn o_6_the_damage_is_dealt_though_the_cost_killed_him() {
        let mut c = yeyan(&[Rebel, Lord, Loyalist, Rebel], 3, four_suits(), &[2]);
        let form_b = form_b(&c);
        c.act(0, form_b);
        c.act(0, Action::Option { index: 3 });
        c.pass_saves();
        assert!(!c.alive(0));
        assert_eq!(fire_damage(&c), vec![(2, 3)]);
        assert_eq!(c.hp(2), 1);
    }

    /// W-YEYAN-1: form (b) is chosen by naming its four cards, one answer per set of four suits
    /// (two ♠ in hand: two sets).
    #[test]
    fn w_yeyan_1_form_b_names_each_set_of_four_suits() {
        let mut hand = four_suits();
        hand.push(CardSpec::exact(Slash, Suit::Spade, 8));
        let c = yeyan(&[Lord, Rebel, Loyalist, Renegade], 4, hand, &[1]);
        let Choices::Actions { actions } = &c.prompt(0).choices else {
            panic!("not the form question");
        };
        assert_eq!(actions.len(), 3, "{actions:?}");
        for action in &actions[1..] {
            let Action::Cards { cards } = action else {
                panic!("{action:?}");
            };
            let mut suits: Vec<Suit> = cards.iter().map(|id| c.game.card(*id).suit).collect();
            suits.dedup();
            assert_eq!(suits, Suit::ALL.to_vec());
        }
    }

    /// Regression (noninterference, 7 players, identity/maneuvering/god with 转世, seed 70002):
    /// the form question offered form (b) as a bare option whenever the hand held four suits, so
    /// another seat's hand card decided whether that answer was legal. Now two games that differ
    /// only in one of his hand cards (swapped with a card of the draw pile) accept the same
    /// answers except those that name a swapped card.
    #[test]
    fn w_yeyan_1_the_form_question_depends_on_hidden_cards_only_through_answers_naming_them() {
        let mut hand = four_suits();
        hand.push(CardSpec::exact(Slash, Suit::Spade, 8));
        let c = yeyan(&[Lord, Rebel, Loyalist, Renegade], 4, hand, &[1]);
        let diamond = c
            .game
            .hand(Seat(0))
            .iter()
            .copied()
            .find(|id| c.game.card(*id).suit == Suit::Diamond);
        let spade = c
            .game
            .table()
            .draw_pile
            .iter()
            .copied()
            .find(|id| c.game.card(*id).suit == Suit::Spade);
        let (Some(diamond), Some(spade)) = (diamond, spade) else {
            panic!("no ♦ in hand or ♠ in the draw pile");
        };
        let mut other = c.game.clone();
        crate::testing::swap_cards(&mut other, diamond, spade);
        let answers = |game: &crate::Game| -> Vec<Action> {
            match game.prompt_for(Seat(0)).map(|p| &p.choices) {
                Some(Choices::Actions { actions }) => actions
                    .iter()
                    .filter(|a| match a {
                        Action::Cards { cards } => {
                            !cards.contains(&diamond) && !cards.contains(&spade)
                        }
                        _ => true,
                    })
                    .cloned()
                    .collect(),
                other => panic!("not the form question: {other:?}"),
            }
        };
        assert_eq!(answers(&c.game), answers(&other));
        assert_eq!(answers(&other), vec![Action::Option { index: 0 }]);
    }
}
