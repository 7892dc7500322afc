//! 狂风 Kuangfeng — 神诸葛亮.
//!
//! 结束阶段开始时，你可以将一张“星”置入弃牌堆并选择一名角色，若如此做，直到你的下回合开始前，火焰伤害结算开始时，此伤害+1。
//! At the start of your end phase, you may put one star into the discard pile and choose a
//! character: until the start of your next turn, each fire damage it takes is +1.
//!
//! W-KUANGFENG-1: one target (anyone, himself included), marked with a public 狂风 mark; the +1
//! comes at the start of the damage's resolution (`DamageStart`), for every fire damage, chain
//! damage included. W-KUANGFENG-2: the marks go when his next turn starts (a turn skipped face
//! down is none) or when he dies (七星 lifts both skills' marks then). With 大雾 in the same end phase he orders the two (the engine's
//! `OrderSkills`; `docs/rulings.md`).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::event::Nature;
use crate::game::Game;
use crate::ids::{MarkId, SkillId};
use crate::prompt::{Cause, Choices, Phase, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Visibility;

/// The 狂风 mark.
pub const GALE: MarkId = MarkId::Skill(SkillId::Kuangfeng);

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: end_phase_with_stars,
            ask: Ask::Custom(ask),
            on_trigger: blow,
        },
        Trigger {
            timing: Timing::DamageStart,
            can_trigger: fire_on_a_marked_target,
            ask: Ask::Never,
            on_trigger: one_more,
        },
    ],
    ..SkillDef::named(
        SkillId::Kuangfeng,
        "狂风",
        "Kuangfeng",
        "结束阶段开始时，你可以将一张“星”置入弃牌堆并选择一名角色，若如此做，直到你的下回合开始前，火焰伤害结算开始时，此伤害+1。",
        "At the start of your end phase, you may put a Star into the discard pile and choose a character: until the start of your next turn, each fire damage it takes is increased by 1.",
    )
};

fn end_phase_with_stars(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish } if *seat == owner)
        && !game.pile(owner, SkillId::Qixing).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions = Vec::new();
    for &star in game.pile(owner, SkillId::Qixing) {
        for target in game.order_from(owner) {
            actions.push(Action::Skill {
                skill: SkillId::Kuangfeng,
                cards: vec![star],
                targets: vec![target],
            });
        }
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Kuangfeng),
    };
    Some((kind, Choices::actions(actions)))
}

fn blow(game: &mut Game, _: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { cards, targets, .. } = action else {
        return None;
    };
    game.discard(cards);
    for target in targets {
        game.set_mark(*target, GALE, 1, Visibility::Public);
    }
    None
}

fn fire_on_a_marked_target(game: &Game, _: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d)
        if d.nature == Nature::Fire && !d.prevented && game.mark(d.target, GALE) > 0)
}

fn one_more(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.amount = d.amount.saturating_add(1);
    }
    None
}
