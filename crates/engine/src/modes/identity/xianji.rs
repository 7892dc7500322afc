//! 献祭 Sacrifice — everyone's, under 转世 reincarnation (`modes.md` V-ZS-2).
//!
//! 出牌阶段限一次，你可以将一张手牌交给一名等待转世的角色。
//! Once per turn, in your play phase, you may give one hand card to a waiting (dead) player.
//!
//! The recommended window of V-ZS-2 (the donor's own play phase; once per turn, whoever
//! receives). A reincarnated character may not sacrifice (V-ZS-4). The card goes hand to hand:
//! the donor and the waiting player see which, the others a count. At the threshold the waiting
//! player reincarnates at once ([`super::zhuanshi::after_sacrifice`]).

use crate::action::Action;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

use super::zhuanshi;

pub static DEF: SkillDef = SkillDef {
    limit: Some(Limit::ONCE_PER_TURN),
    active: Some(Active { can_use }),
    active_targets: Some(waiting),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Xianji,
        "献祭",
        "Xianji",
        "（转世模式）出牌阶段，你可以将一张手牌交给一名等待转世的角色，每回合限一次。已转世的角色不能献祭。",
        "(Reincarnation) Once per turn, in your play phase, you may give a hand card to a player waiting to reincarnate. A reincarnated character cannot sacrifice.",
    )
};

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty()
        && !zhuanshi::reborn(game, owner)
        && !zhuanshi::waiting_seats(game).is_empty()
}

/// Every waiting player may receive.
fn waiting(game: &Game, _: Seat) -> Vec<Vec<Seat>> {
    zhuanshi::waiting_seats(game)
        .into_iter()
        .map(|s| vec![s])
        .collect()
}

/// `frame.seats[0]` receives: choose the card (passing takes the sacrifice back), give it.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    if frame.step == 0 {
        let hand = game.hand(owner).to_vec();
        if hand.is_empty() || !zhuanshi::waiting(game, target) {
            return Step::Done;
        }
        frame.step = 1;
        return Step::ask(Prompt::new(
            owner,
            PromptKind::Choose {
                cause: Cause::Skill(SkillId::Xianji),
            },
            Choices::Cards {
                from: hand,
                min: 1,
                max: 1,
                can_pass: true,
            },
        ));
    }
    let Some((_, Action::Cards { cards })) = game.take_answer() else {
        return Step::Done;
    };
    game.invoke(owner, SkillId::Xianji, vec![target]);
    game.move_cards(&cards, Zone::Hand(target));
    zhuanshi::after_sacrifice(game, target);
    Step::Done
}
