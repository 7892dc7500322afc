//! 1v1 (`modes.md` §4, M-1V1-…, the 2013 rules): two players, 先手 (dealt the loyalist's role,
//! moves first) and 后手 (dealt the rebel's role), both public. No lord skills, no rewards.
//! Twelve generals of the 1v1 pool are drawn: each player secretly gets three face-down ones and
//! the six face-up ones are drafted 1-2-2-1 from 后手 (`draft.rs`); both then choose their first
//! general at once. A general's starting hand is its max HP; 先手's first draw phase draws one
//! card fewer. When a general dies the player brings out another of its reserve (`entry.rs`);
//! the player whose third general dies loses.

#[cfg(test)]
mod deck_tests;
pub mod draft;
pub mod entry;
#[cfg(test)]
mod tests;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::def::mode::{no_lord_skills, no_partner, no_role_skills, no_round_rules, ModeFrame};
use crate::def::{ModeDef, OptionDef};
use crate::error::SetupError;
use crate::event::{Camp, Outcome};
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::ids::GeneralId;
use crate::resolve::{Frame, Step};
use crate::ruleset::Options;
use crate::seat::{Role, Seat};

pub static MODE: ModeDef = ModeDef {
    id: "1v1",
    version: 1,
    name_zh: "1v1",
    name_en: "1v1",
    text_zh: "两人对决，各自从公共将池中选将组成阵容，武将阵亡后换上下一名。先阵亡三名武将的一方失败。",
    text_en: "Two players, each with a line-up of generals drafted from a shared pool; when a general dies the next one comes out. Whoever loses three generals first loses.",
    options: OPTIONS,
    seats: (2, 2),
    roles: &[Role::Loyalist, Role::Rebel],
    camps: &[Camp::First, Camp::Second],
    camp,
    public_roles: &[Role::Loyalist, Role::Rebel],
    role_skills: no_role_skills,
    deal,
    check_roles,
    max_hp,
    lord_skills: no_lord_skills,
    first_seat,
    starting_hand,
    draw_count,
    partner: no_partner,
    selection,
    victory,
    on_death,
    round_start: no_round_rules,
    opening: draft::opening,
    step,
    turn_order: None,
    revealed: None,
    choose_direction: false,
};

pub(crate) const OPTIONS: &[OptionDef] = &[];

/// How many generals of a player may die before it loses with the next (M-1V1-8: the third).
pub const LIVES: u8 = 3;

/// 先手 (the loyalist's role) and 后手 (the rebel's).
fn camp(role: Role) -> Camp {
    match role {
        Role::Loyalist => Camp::First,
        _ => Camp::Second,
    }
}

/// M-1V1-1: two players; which one is 先手 is random.
fn deal(_: &Options, players: usize, rng: &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError> {
    if players != 2 {
        return Err(SetupError::PlayerCount(players));
    }
    Ok(if rng.gen_bool(0.5) {
        vec![Role::Loyalist, Role::Rebel]
    } else {
        vec![Role::Rebel, Role::Loyalist]
    })
}

/// A 1v1 table: one 先手 (loyalist) and one 后手 (rebel).
fn check_roles(roles: &[Role]) -> Result<(), SetupError> {
    let mut sorted = roles.to_vec();
    sorted.sort();
    if sorted != [Role::Loyalist, Role::Rebel] {
        return Err(SetupError::Invalid(
            "a 1v1 table is one 先手 (loyalist) and one 后手 (rebel)".into(),
        ));
    }
    Ok(())
}

/// No HP bonus.
fn max_hp(general: u8, _: Role, _: usize, _: &Options) -> u8 {
    general
}

/// The seat playing `role`.
fn seat_of(game: &Game, role: Role) -> Seat {
    (0..game.seat_count())
        .map(|i| Seat(i as u8))
        .find(|s| game.role(*s) == role)
        .unwrap_or(Seat(0))
}

/// 先手.
pub fn first(game: &Game) -> Seat {
    seat_of(game, Role::Loyalist)
}

/// 后手.
pub fn second(game: &Game) -> Seat {
    seat_of(game, Role::Rebel)
}

/// M-1V1-4: 先手 takes the first turn.
fn first_seat(game: &Game) -> Seat {
    first(game)
}

/// M-1V1-4 (2013): a general's starting hand is its max HP.
pub(crate) fn starting_hand(game: &Game, seat: Seat) -> u8 {
    game.seat(seat).max_hp
}

/// M-1V1-4: the first turn of the game (先手's) draws one card fewer.
fn draw_count(game: &Game, _: Seat) -> u8 {
    if game.turn.number == 1 {
        1
    } else {
        2
    }
}

/// The draft (the mode's opening) chooses the generals, not the common selection.
fn selection(_: &Game, _: &[Seat]) -> Option<SelectionPlan> {
    None
}

/// Has `seat` lost: its third general dead (M-1V1-8)?
pub fn out(game: &Game, seat: Seat) -> bool {
    let entered = game.lineups.entered.get(seat.index()).copied().unwrap_or(1);
    !game.is_alive(seat) && (entered >= LIVES || game.lineups.reserve(seat).is_empty())
}

/// M-1V1-8: a player loses when its third general dies; the other wins.
fn victory(game: &Game) -> Option<Outcome> {
    let roles: Vec<Role> = (0..game.seat_count())
        .map(|i| game.role(Seat(i as u8)))
        .collect();
    let (a, b) = (first(game), second(game));
    let (winner, seat) = match (out(game, a), out(game, b)) {
        (false, false) => return None,
        (true, false) => (Camp::Second, b),
        (false, true) => (Camp::First, a),
        (true, true) => {
            return Some(Outcome {
                winner: None,
                winners: Vec::new(),
                roles,
            })
        }
    };
    Some(Outcome {
        winner: Some(winner),
        winners: vec![seat],
        roles,
    })
}

/// M-1V1-5: no reward; the dead player's next general enters.
fn on_death(game: &mut Game, dead: Seat, _killer: Option<Seat>) -> Option<Frame> {
    game.general_fell(dead, entry::frame(dead))
}

fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.kind {
        draft::KIND => draft::step(frame, game),
        entry::KIND => entry::step(frame, game),
        _ => Step::Done,
    }
}

/// M-1V1-9: the 2013 pool, as far as the registered general packs have it. The 1v1 versions
/// of the starred generals are not implemented: their standard texts stand in (docs/rulings.md).
pub const POOL: &[GeneralId] = &[
    // 魏
    GeneralId::Caocao,
    GeneralId::Simayi,
    GeneralId::Xiahoudun,
    GeneralId::Zhangliao,
    GeneralId::Xuchu,
    GeneralId::Guojia,
    GeneralId::Zhenji,
    GeneralId::Xiahouyuan,
    GeneralId::Caoren,
    GeneralId::Dianwei,
    // 蜀
    GeneralId::Guanyu,
    GeneralId::Zhangfei,
    GeneralId::Zhugeliang,
    GeneralId::Zhaoyun,
    GeneralId::Machao,
    GeneralId::Huangyueying,
    GeneralId::Huangzhong,
    GeneralId::Liubei,
    GeneralId::Weiyan,
    // 吴
    GeneralId::Sunquan,
    GeneralId::Ganning,
    GeneralId::Huanggai,
    GeneralId::Zhouyu,
    GeneralId::Luxun,
    GeneralId::Sunshangxiang,
    GeneralId::Xiaoqiao,
    GeneralId::Lvmeng,
    GeneralId::Daqiao,
    GeneralId::Zhoutai,
    // 群
    GeneralId::Lvbu,
    GeneralId::Diaochan,
    GeneralId::Huatuo,
    GeneralId::Zhangjiao,
    GeneralId::Pangde,
    GeneralId::Yanliangwenchou,
];
