//! 猛进 Mengjin — 庞德.
//!
//! 每当你使用的【杀】被目标角色的【闪】抵消后，你可以弃置其一张牌。
//! After a Slash you used is cancelled by its target's Jink, you may discard one of that
//! target's cards.
//!
//! W-MENGJIN-1: on each cancellation (a 闪 from 八卦阵 too); the target must be alive and hold a
//! card in hand or equipment; judgment-area cards cannot be chosen.

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::SlashDodged,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Mengjin,
        "猛进",
        "Mengjin",
        "每当你使用的【杀】被目标角色的【闪】抵消后，你可以弃置其一张牌。",
        "After a Slash you used is cancelled by its target's Jink, you may discard one of that target's cards.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Dodged { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner
        && card_use.card.kind == CardKind::Slash
        && game.is_alive(*target)
        && game.has_cards_in(*target, Areas::HAND_AND_EQUIP)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Dodged { target, .. } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Mengjin, owner);
    frame.seats = vec![*target];
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
        let cause = Cause::Skill(SkillId::Mengjin);
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
    use crate::ids::{GeneralId, SkillId};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    #[test]
    fn w_mengjin_1_discards_a_card_of_the_target_after_its_jink() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Pangde;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink, Peach]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        c.skill(0, SkillId::Mengjin);
        // Only the hand is offered (no equipment; the judgment area is not).
        assert_eq!(c.prompt(0).legal_actions(10).len(), 1);
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
        assert!(c.hand(1).is_empty());
        assert_eq!(c.judge_area(1), vec![Indulgence]);
    }

    #[test]
    fn w_mengjin_1_not_when_the_target_has_nothing() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Pangde;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(c.prompt(0).is_play());
    }
}
