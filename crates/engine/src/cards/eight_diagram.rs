//! 八卦阵 Eight Diagram — 防具.
//!
//! 每当你需要使用或打出一张【闪】时，你可以进行判定：若结果为红色，视为你使用或打出了一张【闪】。
//! Whenever you need to use or play a 闪, you may judge: if red, you are treated as having used or
//! played a 闪. If black, you may still give a real 闪.

use crate::card::{CardKind, Slot};
use crate::cards::CardDef;
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::judge::judged_card;
use crate::resolve::{Frame, JudgeFrame, Reply, Step};
use crate::seat::Seat;
use crate::skills::{Provider, SkillDef, SkillFrame, SkillId};

pub static DEF: CardDef = CardDef::equipment(
    CardKind::EightDiagram,
    ["八卦阵", "Eight Diagram", "每当你需要使用或打出一张【闪】时，你可以进行判定：若结果为红色，视为你使用或打出了一张【闪】。", "Whenever you need to use or play a Jink, you may judge: if red, you are treated as having used or played one."],
    Slot::Armor,
    0,
    Some(SkillId::EightDiagram),
);

pub static SKILL: SkillDef = SkillDef {
    provider: Some(Provider {
        kind: CardKind::Jink,
        can_provide: armor_works,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::EightDiagram,
        "八卦阵",
        "Eight Diagram",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn armor_works(game: &Game, owner: Seat, use_id: Option<usize>) -> bool {
    game.equipped_kind(owner, Slot::Armor) == Some(CardKind::EightDiagram)
        && game.armor_works(owner, use_id)
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::Judge(JudgeFrame::new(
            frame.owner,
            Cause::Skill(SkillId::EightDiagram),
        )));
    }
    let red = judged_card(game.take_reply()).is_some_and(|c| c.color() == crate::card::Color::Red);
    game.reply = Reply::Responded(red);
    Step::Done
}
