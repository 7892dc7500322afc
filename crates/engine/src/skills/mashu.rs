//! 马术 Mashu — 马超.
//!
//! 锁定技，你与其他角色的距离-1。
//! Compulsory: your distance to other characters is reduced by 1. It adds to a −1 horse; the
//! distance is never below 1 (`timing-rulings.md` E.23).

use crate::game::Game;
use crate::seat::Seat;
use crate::skills::{Modifiers, SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: false,
        per_phase: 0,
    },
    modifiers: Modifiers {
        distance_from: Some(minus_one),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Mashu,
        "马术",
        "Mashu",
        "锁定技，你与其他角色的距离-1。",
        "Compulsory: your distance to other characters is reduced by 1.",
    )
};

fn minus_one(_: &Game, _: Seat, _: Seat) -> i32 {
    -1
}
