//! 仁德 Rende — 刘备.
//!
//! 出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。
//! In your play phase you may give any number of hand cards to other characters; the first time
//! this phase the total given reaches two, you recover 1 HP.
//!
//! No use limit. Each invocation names one other character (`Action::Skill` with its target),
//! then the cards (any number, at least one); a split among several characters is several
//! invocations. The running total is this turn's mark (the play phase comes once per turn), so
//! at most one heal per phase. The cards go hand to hand: only the two of them see which.

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::skills::{Active, SkillDef, SkillFrame, SkillId};
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(others),
    step: Some(step),
    ..SkillDef::named(SkillId::Rende, "仁德", "Rende", "出牌阶段，你可以将任意张手牌交给其他角色，当你于本阶段以此法给出的牌首次达到两张或更多时，你回复1点体力。", "In your play phase you may give any number of hand cards to other characters; the first time this phase the total given reaches two, you recover 1 HP.")
};

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty()
}

/// Any other living character may receive.
fn others(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner)
        .map(|s| vec![s])
        .collect()
}

/// `frame.seats[0]` receives: choose the cards, give them, heal on reaching two.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    if frame.step == 0 {
        let hand = game.hand(owner).to_vec();
        if hand.is_empty() || target == owner || !game.is_alive(target) {
            return Step::Done;
        }
        frame.step = 1;
        let max = hand.len() as u8;
        return Step::ask(Prompt::new(
            owner,
            PromptKind::Choose {
                cause: Cause::Skill(SkillId::Rende),
            },
            Choices::Cards {
                from: hand,
                min: 1,
                max,
                can_pass: true,
            },
        ));
    }
    let Some((_, Action::Cards { cards })) = game.take_answer() else {
        return Step::Done;
    };
    game.emit(Event::SkillInvoked {
        seat: owner,
        skill: SkillId::Rende,
        targets: vec![target],
    });
    game.move_cards(&cards, Zone::Hand(target));
    let before = game.turn.mark(SkillId::Rende);
    let after = before.saturating_add(cards.len() as u8);
    game.turn.set_mark(SkillId::Rende, after);
    if before < 2 && after >= 2 {
        game.recover(owner, 1);
    }
    Step::Done
}
