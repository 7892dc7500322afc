//! 巧变 Qiaobian — 张郃 (山; 国战 the same, H-SK-qiaobian).
//!
//! 你可以弃置一张手牌，跳过你的一个阶段（准备阶段和结束阶段除外）。若你以此法跳过摸牌阶段，你可以
//! 获得一至两名其他角色的各一张手牌；若你以此法跳过出牌阶段，你可以将场上的一张牌移动到另一名角色
//! 区域里的相应位置。
//! You may discard a hand card to skip one of your phases (not the preparation or end phase).
//! If you skip your draw phase this way, you may take one hand card each from one or two other
//! characters; if you skip your play phase this way, you may move a card on the table to the
//! corresponding area of another character.
//!
//! Asked as each judgment, draw, play and discard phase would begin, unless it is already being
//! skipped (`Timing::BeforePhase`). The card is discarded and the phase skipped first; the take
//! or the move follows as its own question (`step`). A hand card is taken blind, as 突袭 does.
//! The move takes a card from a character's equipment area into the same empty slot of another
//! character, or a delayed trick from a judgment area into another's that holds none of its
//! name — placed there as if newly so: a destination whose skills forbid being its target (帷幕
//! for a black one, 谦逊 for 乐不思蜀) cannot take it, with 张郃 as the one who places it.

use crate::action::{Action, Pick};
use crate::card::{CardId, UsedCard};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::BeforePhase,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qiaobian,
        "巧变",
        "Qiaobian",
        "你可以弃置一张手牌，跳过你的一个阶段（准备阶段和结束阶段除外）。若你以此法跳过摸牌阶段，你可以获得一至两名其他角色的各一张手牌；若你以此法跳过出牌阶段，你可以将场上的一张牌移动到另一名角色区域里的相应位置。",
        "You may discard a hand card to skip one of your phases (not the preparation or end phase). If you skip your draw phase this way, you may take a hand card each from one or two other characters; if you skip your play phase this way, you may move a card on the table to the corresponding area of another character.",
    )
};

/// The frame's steps: the take after a skipped draw phase, the move after a skipped play phase.
const TAKE: u8 = 10;
const TAKE_ANSWERED: u8 = 11;
const MOVE: u8 = 20;
const MOVE_ANSWERED: u8 = 21;

/// The phase about to begin, if it is one of `owner`'s that 巧变 may skip.
fn phase_of(data: &TimingData, owner: Seat) -> Option<Phase> {
    match data {
        TimingData::Phase { seat, phase }
            if *seat == owner
                && matches!(
                    phase,
                    Phase::Judge | Phase::Draw | Phase::Play | Phase::Discard
                ) =>
        {
            Some(*phase)
        }
        _ => None,
    }
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    phase_of(data, owner).is_some_and(|phase| !game.turn.skip[phase as usize])
        && !game.hand(owner).is_empty()
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Qiaobian),
    }
}

fn skill(cards: Vec<CardId>, targets: Vec<Seat>) -> Action {
    Action::Skill {
        skill: SkillId::Qiaobian,
        cards,
        targets,
    }
}

/// Which hand card to discard, or none.
fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = game
        .hand(owner)
        .iter()
        .map(|c| skill(vec![*c], Vec::new()))
        .collect();
    actions.push(Action::Pass);
    Some((cause(), Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let phase = phase_of(data, owner)?;
    let Action::Skill { cards, .. } = action else {
        return None;
    };
    game.discard(cards);
    game.skip_phase(phase);
    let mut frame = SkillFrame::new(SkillId::Qiaobian, owner);
    frame.step = match phase {
        Phase::Draw if !victims(game, owner).is_empty() => TAKE,
        Phase::Play if !moves(game, owner).is_empty() => MOVE,
        _ => return None,
    };
    Some(Frame::Skill(frame))
}

/// Other living characters with hand cards, in seat order from the owner.
fn victims(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .collect()
}

/// Every move the table allows: (card, from, to).
pub fn moves(game: &Game, owner: Seat) -> Vec<(CardId, Seat, Seat)> {
    let seats = game.order_from(owner);
    let mut out = Vec::new();
    for &from in &seats {
        let cards = &game.table.seats[from.index()];
        for card in cards.equipment() {
            let Some(slot) = game.card_def(game.card(card).kind).category.slot() else {
                continue;
            };
            for &to in &seats {
                if to != from && game.equipped(to, slot).is_none() {
                    out.push((card, from, to));
                }
            }
        }
        for delayed in &cards.judge {
            let used = UsedCard::converted(delayed.kind, &[game.card(delayed.card)], None);
            for &to in &seats {
                if to != from
                    && !game.holds_delayed(to, delayed.kind)
                    && !game.is_prohibited(owner, to, &used)
                {
                    out.push((delayed.card, from, to));
                }
            }
        }
    }
    out
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        TAKE => {
            frame.step = TAKE_ANSWERED;
            let victims = victims(game, owner);
            let mut actions = Vec::new();
            for (i, first) in victims.iter().enumerate() {
                actions.push(skill(Vec::new(), vec![*first]));
                for second in &victims[i + 1..] {
                    actions.push(skill(Vec::new(), vec![*first, *second]));
                }
            }
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        TAKE_ANSWERED => {
            let Some((_, Action::Skill { targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Qiaobian, targets.clone());
            for target in targets {
                let blind = Action::Pick {
                    pick: Pick::Hand { index: 0 },
                };
                if let Some(card) = game.take_pick(target, &blind) {
                    game.move_cards(&[card], Zone::Hand(owner));
                }
            }
            Step::Done
        }
        MOVE => {
            frame.step = MOVE_ANSWERED;
            let mut actions: Vec<Action> = moves(game, owner)
                .into_iter()
                .map(|(card, from, to)| skill(vec![card], vec![from, to]))
                .collect();
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        MOVE_ANSWERED => {
            let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            let (Some(&card), [from, to]) = (cards.first(), targets.as_slice()) else {
                return Step::Done;
            };
            if !moves(game, owner).contains(&(card, *from, *to)) {
                return Step::Done;
            }
            game.invoke(owner, SkillId::Qiaobian, vec![*from, *to]);
            let delayed = game.table.seats[from.index()]
                .judge
                .iter()
                .find(|d| d.card == card)
                .map(|d| d.kind);
            match delayed {
                Some(kind) => game.place_delayed(card, *to, kind),
                None => game.move_cards(&[card], Zone::Equip(*to)),
            }
            Step::Done
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests;
