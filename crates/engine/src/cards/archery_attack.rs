//! 万箭齐发 Archery Attack — 普通锦囊.
//!
//! 出牌阶段，对所有其他角色使用。每名目标角色须打出一张【闪】，否则受到你造成的1点伤害。
//! Use on every other character: each must play a 闪 or take 1 damage from you.

use crate::card::{CardKind, Category};
use crate::cards::{all_others, always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::{
    Damage, DamageFrame, EffectFrame, Frame, Reply, RespondFrame, RespondMode, Step,
};

pub static DEF: CardDef = CardDef {
    kind: CardKind::ArcheryAttack,
    name_zh: "万箭齐发",
    name_en: "Archery Attack",
    text_zh:
        "出牌阶段，对所有其他角色使用。每名目标角色须打出一张【闪】，否则受到你造成的1点伤害。",
    text_en: "Use on every other character: each must play a Jink or take 1 damage from you.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(all_others),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    respond_or_damage(game, frame, CardKind::Jink, RespondMode::Use)
}

/// The shared shape of the two AoE tricks: give a `kind` or take 1 damage from the user.
pub(crate) fn respond_or_damage(
    game: &mut Game,
    frame: &mut EffectFrame,
    kind: CardKind,
    mode: RespondMode,
) -> Step {
    let id = frame.use_id;
    let user = game.card_use(id).user;
    let trick = game.card_use(id).card.kind;
    match frame.step {
        0 => {
            frame.step = 1;
            Step::Push(Frame::Respond(
                RespondFrame::new(frame.target, kind, mode, Cause::Card(trick))
                    .answering(Some(id), Some(user)),
            ))
        }
        1 => {
            frame.step = 2;
            if game.take_reply() == Reply::Responded(true) {
                return Step::Done;
            }
            let damage = Damage::by_card(game, id, Some(user), frame.target);
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => Step::Done,
    }
}
