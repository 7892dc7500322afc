//! 死谏 Sijian — 田丰 (国战, H-SK-sijian).
//!
//! 当你失去所有手牌后，你可以弃置一名其他角色的一张牌。
//! After you lose your last hand card, you may discard one card (hand or equipped) of another
//! character.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardsMoved,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Sijian,
        "死谏",
        "Sijian",
        "当你失去所有手牌后，你可以弃置一名其他角色的一张牌。",
        "After you lose your last hand card, you may discard one card of another character.",
    )
};

fn victims(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.has_cards_in(*s, Areas::HAND_AND_EQUIP))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Lost { seat, hand_emptied: true, .. } if *seat == owner)
        && game.hand(owner).is_empty()
        && !victims(game, owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = victims(game, owner)
        .into_iter()
        .map(|s| Action::Skill {
            skill: SkillId::Sijian,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Sijian),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { targets, .. } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Sijian, owner);
    frame.seats = vec![*targets.first()?];
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    if frame.step == 0 {
        if !game.has_cards_in(target, Areas::HAND_AND_EQUIP) {
            return Step::Done;
        }
        frame.step = 1;
        let cause = Cause::Skill(SkillId::Sijian);
        return Step::ask(game.pick_prompt(
            frame.owner,
            target,
            Areas::HAND_AND_EQUIP,
            cause,
            false,
        ));
    }
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.discard(&[card]);
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, roster_check, seat, table};

    #[test]
    fn h_sk_sijian_using_the_last_hand_card_discards_anothers_card() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).gained = vec![SkillId::Sijian];
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        seat(&mut s, 2).equip = cards(&[Crossbow]);
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]);
        // Asked as the 杀 leaves his hand, before the target answers.
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Sijian,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            },
        );
        let crossbow = c.game.table().seats[2].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: crossbow },
            },
        );
        assert!(c.equipment(2).is_empty());
        c.assert_conserved();
    }
}
