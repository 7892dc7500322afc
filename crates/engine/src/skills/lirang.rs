//! 礼让 Lirang — 孔融 (国战, H-SK-lirang).
//!
//! 当你的牌因弃置而置入弃牌堆后，你可以将其中的任意张牌交给其他角色。
//! After cards of yours (from hand or equipment) are put into the discard pile because they
//! were discarded, you may give any number of those cards to other characters, in any split.
//!
//! "Discarded" is 弃置 by anyone (his discard phase, 制衡, another's 过河拆桥), not a card used
//! or played, recast or replaced in its slot (`Game::discard` notes it: `TimingData::Discarded`).
//! He gives one card at a time, to one other character each, as long as he likes and cards of
//! that discard are still in the discard pile; the cards are public there, so everyone sees
//! what goes where.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardsMoved,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Lirang,
        "礼让",
        "Lirang",
        "当你的牌因弃置而置入弃牌堆后，你可以将其中的任意张牌交给其他角色。",
        "After your cards are discarded into the discard pile, you may give any number of them to other characters.",
    )
};

/// Those of `cards` still in the discard pile.
fn still_there(game: &Game, cards: &[CardId]) -> Vec<CardId> {
    cards
        .iter()
        .copied()
        .filter(|c| game.table.zone_of(*c) == Zone::DiscardPile)
        .collect()
}

fn others(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Discarded { seat, cards }
        if *seat == owner && !still_there(game, cards).is_empty())
        && game.is_alive(owner)
        && !others(game, owner).is_empty()
}

/// One card of `cards` to one other character each, or pass.
fn choices(game: &Game, owner: Seat, cards: &[CardId]) -> (PromptKind, Choices) {
    let mut actions = Vec::new();
    for card in still_there(game, cards) {
        for to in others(game, owner) {
            actions.push(Action::Skill {
                skill: SkillId::Lirang,
                cards: vec![card],
                targets: vec![to],
            });
        }
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Lirang),
    };
    (kind, Choices::actions(actions))
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Discarded { cards, .. } = data else {
        return None;
    };
    Some(choices(game, owner, cards))
}

/// Gives the card the answer names, if it is still in the discard pile.
fn give(game: &mut Game, action: &Action) {
    let Action::Skill { cards, targets, .. } = action else {
        return;
    };
    let (Some(&to), given) = (targets.first(), still_there(game, cards)) else {
        return;
    };
    if game.is_alive(to) && !given.is_empty() {
        game.move_cards(&given, Zone::Hand(to));
    }
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let TimingData::Discarded { cards, .. } = data else {
        return None;
    };
    give(game, action);
    // The rest, one at a time.
    let mut frame = SkillFrame::new(SkillId::Lirang, owner);
    frame.cards = cards.clone();
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 1 {
        frame.step = 0;
        match game.take_answer() {
            Some((_, action @ Action::Skill { .. })) => {
                give(game, &action);
                return Step::Again;
            }
            _ => return Step::Done,
        }
    }
    if !game.is_alive(owner)
        || still_there(game, &frame.cards).is_empty()
        || others(game, owner).is_empty()
    {
        return Step::Done;
    }
    frame.step = 1;
    let (kind, choices) = choices(game, owner, &frame.cards);
    Step::ask(Prompt::new(owner, kind, choices))
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    fn give(c: &Check, kind: crate::card::CardKind, to: u8) -> Action {
        let card = c
            .game
            .table
            .discard_pile
            .iter()
            .copied()
            .find(|id| c.game.card(*id).kind == kind)
            .expect("in the discard pile");
        Action::Skill {
            skill: SkillId::Lirang,
            cards: vec![card],
            targets: vec![Seat(to)],
        }
    }

    /// H-SK-lirang: 孔融 discards three cards in his discard phase and gives a 桃 to one and a
    /// 闪 to another; the 杀 stays in the discard pile.
    #[test]
    fn h_sk_lirang_discarded_cards_are_given_away() {
        let mut s = table(&[
            (G::HegKongrong, G::HegJiling, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        s.phase = Phase::Discard;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[Peach, Jink, Slash, Dismantlement]);
        let mut c = Check::new(s);
        let kept = c.hand_card(0, Dismantlement);
        let discarded: Vec<_> = c
            .game
            .hand(Seat(0))
            .iter()
            .copied()
            .filter(|id| *id != kept)
            .collect();
        c.act(0, Action::Cards { cards: discarded });
        c.act(0, give(&c, Peach, 1));
        c.act(0, give(&c, Jink, 2));
        assert_eq!(c.hand(1), vec![Peach]);
        assert_eq!(c.hand(2), vec![Jink]);
        assert_eq!(c.discard_pile(), vec![Slash]);
        assert!(
            c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })),
            "the 杀 is left"
        );
    }

    /// H-SK-lirang: equipment replaced by a new one is not discarded: nothing is asked.
    #[test]
    fn h_sk_lirang_not_for_a_replaced_equipment() {
        let mut s = table(&[
            (G::HegKongrong, G::HegJiling, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        seat(&mut s, 0).hand = cards(&[Axe]);
        let mut c = Check::new(s);
        c.card(0, Axe, &[]);
        assert_eq!(c.discard_pile(), vec![Crossbow]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }
}
