//! 计分赛 Playing for points (`modes.md` V-JF, issue 18): in a scoring series a seat's own
//! result is not only whether its camp wins but the points of tables 1 and 2, and some of those
//! points change what a decision is worth.
//!
//! Table 1 pays a winning camp by how many of it are alive at the end: the lord 4 + 2 for each
//! living loyalist, each loyalist 5 + 1 for each, each rebel 3 for each living rebel. So a
//! teammate kept alive is worth points to the seat itself, win for win — not only through the
//! camp's chance of winning, which is all the plain game counts. The renegade's result does not
//! depend on anyone else living.

use sgs_engine::{CardKind, Role, Seat};

use super::table::{Ctx, ALLY};

/// Table 1: the points one more teammate alive at the end adds to this seat's own result when
/// its camp wins (the lord +2, a loyalist +1, a rebel +3; a renegade has no teammates).
pub fn per_living_teammate(role: Option<Role>) -> i32 {
    match role {
        Some(Role::Lord) => 2,
        Some(Role::Loyalist) => 1,
        Some(Role::Rebel) => 3,
        Some(Role::Renegade) | None => 0,
    }
}

/// Should a seat playing for points save dying `dying` where the plain game's caution would
/// keep its last 桃 (at 1 HP, a single 桃, a teammate it is not sure of)? Yes for a likely
/// teammate, whose life is worth table 1's points to the seat itself — except for the lord,
/// whose own death ends the game with nothing for its whole camp.
pub fn saves_for_points(ctx: &Ctx, dying: Seat) -> bool {
    ctx.scoring
        && dying != ctx.me
        && ctx.my_role() != Some(Role::Lord)
        && per_living_teammate(ctx.my_role()) > 0
        && ctx.rel(dying) > ALLY
        && ctx.can_produce(CardKind::Peach) >= 1
}
