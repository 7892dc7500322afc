//! 过河拆桥 Dismantlement — 普通锦囊.
//!
//! 出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。
//! Use on another character with a card in any area: discard one card from their areas.

use crate::card::{CardKind, Category, UsedCard};
use crate::cards::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Dismantlement,
    name_zh: "过河拆桥",
    name_en: "Dismantlement",
    text_zh: "出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。",
    text_en: "Use on another character with cards in any area: discard one card from their areas.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(has_cards),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn has_cards(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target && game.has_cards_in(target, Areas::ALL)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if frame.step == 0 {
        if !game.has_cards_in(target, Areas::ALL) {
            return Step::Done;
        }
        frame.step = 1;
        let cause = Cause::Card(CardKind::Dismantlement);
        return Step::ask(game.pick_prompt(user, target, Areas::ALL, cause, false));
    }
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.discard(&[card]);
        }
    }
    Step::Done
}
