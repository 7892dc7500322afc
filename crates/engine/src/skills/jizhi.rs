//! 集智 Jizhi — 黄月英.
//!
//! 当你使用非转化的普通锦囊牌时，你可以摸一张牌。
//! When you use a non-converted ordinary trick, you may draw a card. 无懈可击 is an ordinary
//! trick and counts; delayed tricks (乐不思蜀, 闪电) and tricks made by a conversion do not.

use crate::action::Action;
use crate::card::Category;
use crate::game::Game;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;
use crate::skills::{Ask, SkillDef, SkillId, Trigger};

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardUsed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Jizhi,
        "集智",
        "Jizhi",
        "当你使用非转化的普通锦囊牌时，你可以摸一张牌。",
        "When you use a non-converted ordinary trick, you may draw a card.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Used { use_id } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner
        && card_use.card.is_real()
        && card_use.card.kind.category() == Category::Trick
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}
