//! 顺手牵羊 Snatch — 普通锦囊.
//!
//! 出牌阶段，对距离为1且区域内有牌的一名其他角色使用。你获得其区域内的一张牌。
//! Use on another character at distance 1 with a card in any area: take one card from their
//! areas. (奇才 lifts the distance limit.)

use crate::card::{CardKind, Category, UsedCard};
use crate::cards::{always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Snatch,
    name_zh: "顺手牵羊",
    name_en: "Snatch",
    text_zh: "出牌阶段，对距离为1且区域内有牌的一名其他角色使用。你获得其区域内的一张牌。",
    text_en: "Use on another character at distance 1 with cards in any area: take one card from their areas.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(near_with_cards),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
};

fn near_with_cards(game: &Game, user: Seat, target: Seat, card: &UsedCard) -> bool {
    user != target
        && (game.distance(user, target) <= 1 || game.ignores_distance(user, card))
        && game.has_cards_in(target, Areas::ALL)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    if frame.step == 0 {
        if !game.has_cards_in(target, Areas::ALL) {
            return Step::Done;
        }
        frame.step = 1;
        let cause = Cause::Card(CardKind::Snatch);
        return Step::ask(game.pick_prompt(user, target, Areas::ALL, cause, false));
    }
    if let Some((_, action)) = game.take_answer() {
        if let Some(card) = game.take_pick(target, &action) {
            game.move_cards(&[card], Zone::Hand(user));
        }
    }
    Step::Done
}
