//! 琴音 Qinyin — 神周瑜.
//!
//! 弃牌阶段结束时，若你于此阶段内弃置过你的至少两张牌，你可以选择一项：令所有角色各回复1点体力，或令所有角色各失去1点体力。
//! At the end of your discard phase, if you discarded at least two of your cards during it, you
//! may choose one: every character recovers 1 HP, or every character loses 1 HP.
//!
//! W-QINYIN-1: the cards he discarded of his own during the phase, for any reason, are counted
//! (`Turn::discarded`). Every living character, himself included, in seat order from him; HP loss
//! is not damage (大雾 does not stop it), and each loss that puts one into dying is resolved
//! before the next. The recovery is offered only while someone is wounded.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, PromptKind};
use crate::resolve::{Frame, LoseHpFrame, Step, Timing, TimingData};
use crate::seat::Seat;

/// The option that heals everyone; `LOSE` makes everyone lose 1 HP.
pub const RECOVER: u8 = 0;
pub const LOSE: u8 = 1;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseEnd,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qinyin,
        "琴音",
        "Qinyin",
        "弃牌阶段结束时，若你于此阶段内弃置过你的至少两张牌，你可以选择一项：令所有角色各回复1点体力，或令所有角色各失去1点体力。",
        "At the end of your discard phase, if you discarded at least two of your cards during it, you may choose: every character recovers 1 HP, or every character loses 1 HP.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Discard } if *seat == owner)
        && game.turn.seat == owner
        && game.turn.discarded >= 2
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions = Vec::new();
    if game
        .order_from(owner)
        .into_iter()
        .any(|s| game.is_wounded(s))
    {
        actions.push(Action::Option { index: RECOVER });
    }
    actions.push(Action::Option { index: LOSE });
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Qinyin),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Option { index } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Qinyin, owner);
    frame.n = *index;
    frame.seats = game.order_from(owner);
    Some(Frame::Skill(frame))
}

/// One character after another, in seat order from him.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    game.take_reply();
    while !frame.seats.is_empty() {
        let seat = frame.seats.remove(0);
        if !game.is_alive(seat) {
            continue;
        }
        if frame.n == RECOVER {
            game.recover(seat, 1);
        } else {
            return Step::Push(Frame::LoseHp(LoseHpFrame::new(seat, 1)));
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use super::{LOSE, RECOVER};
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 神周瑜 (seat 0, 2 of 4 HP) in his discard phase with `hand`; the others at 3 of 4.
    fn zhouyu(hand: &[crate::card::CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist]), "god");
        s.phase = Phase::Discard;
        seat(&mut s, 0).general = GeneralId::ShenZhouyu;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 1).hp = Some(3);
        seat(&mut s, 2).hp = Some(1);
        Check::new(s)
    }

    fn discard_two(c: &mut Check) {
        let hand = c.game.hand(crate::seat::Seat(0)).to_vec();
        c.act(
            0,
            Action::Cards {
                cards: hand[..2].to_vec(),
            },
        );
    }

    #[test]
    fn w_qinyin_1_two_discarded_cards_let_everyone_recover() {
        let mut c = zhouyu(&[Slash, Slash, Jink, Jink]);
        discard_two(&mut c);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })));
        c.act(0, Action::Option { index: RECOVER });
        assert_eq!((c.hp(0), c.hp(1), c.hp(2)), (3, 4, 2));
    }

    #[test]
    fn w_qinyin_1_losing_hp_is_no_damage_and_goes_round_in_seat_order() {
        let mut c = zhouyu(&[Slash, Slash, Jink, Jink]);
        discard_two(&mut c);
        c.act(0, Action::Option { index: LOSE });
        assert_eq!((c.hp(0), c.hp(1)), (1, 2));
        // Seat 2 at 0 HP is dying: nobody saves.
        c.pass_saves();
        assert!(!c.alive(2));
        assert!(!c.events.iter().any(|e| matches!(e, Event::Damaged { .. })));
    }

    #[test]
    fn w_qinyin_1_one_card_discarded_is_not_enough() {
        let mut c = zhouyu(&[Slash, Slash, Jink]);
        let hand = c.game.hand(crate::seat::Seat(0)).to_vec();
        c.act(
            0,
            Action::Cards {
                cards: hand[..1].to_vec(),
            },
        );
        assert!(!c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })));
    }
}
