//! 预亮 Pre-show (H-REV-10, decision 0018): a hidden general's trigger skills would name it if
//! they asked its owner (遗计 asked only of 郭嘉's seat), so they ask only when the owner has
//! pre-shown that general's skills. Each seat chooses with its generals (`choose.rs`), privately,
//! and every seat answers the same four options whatever its generals: none (the default), the
//! main general's, the deputy's, or both. A pre-shown trigger then asks with a 明置 choice —
//! reveal to use it, or stay hidden (`resolve/trigger.rs`) — whose public kind names no skill;
//! that it is asked at all is the risk the owner took.

use crate::action::Action;
use crate::def::skill::SkillDef;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef::named(
    SkillId::Yuliang,
    "预亮",
    "Pre-show",
    "选择武将时，你可以预亮主将、副将或两者的触发技：武将暗置时，预亮的触发技满足条件时询问你是否明置该武将并发动（锁定技亦可不明置）；未预亮的暗置武将的触发技不发动。",
    "As you choose your generals you may pre-show the trigger skills of your main general, your deputy, or both: while hidden, a pre-shown trigger skill asks whether you reveal its general to use it (a compulsory one may be declined); a hidden general's other trigger skills do not trigger.",
);

/// The answers: pre-show nothing, the main general's, the deputy's, both.
pub const NONE: u8 = 0;
pub const MAIN: u8 = 1;
pub const DEPUTY: u8 = 2;
pub const BOTH: u8 = 3;

/// The question, the same for every seat.
pub fn prompt(seat: Seat) -> Prompt {
    Prompt::new(
        seat,
        PromptKind::Choose {
            cause: Cause::Skill(SkillId::Yuliang),
        },
        Choices::actions(
            [NONE, MAIN, DEPUTY, BOTH]
                .into_iter()
                .map(|index| Action::Option { index })
                .collect(),
        ),
    )
}

/// `seat` answered `index`.
pub fn set(game: &mut Game, seat: Seat, index: u8) {
    if let Some(duo) = game.duos.get_mut(seat.index()) {
        duo.main_preshown = matches!(index, MAIN | BOTH);
        duo.deputy_preshown = matches!(index, DEPUTY | BOTH);
    }
}
