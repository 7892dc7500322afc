//! 3v3 (`modes.md` §3, M-3V3-…, the 2013 rules): six seats in two camps, 冷 cool and 暖 warm,
//! each a 主帅 marshal between two 前锋 vanguards. In turn order: cool vanguard, cool marshal,
//! cool vanguard, warm vanguard, warm marshal, warm vanguard. The warm marshal is dealt the
//! lord's role, the warm vanguards the loyalists', the cool marshal the renegade's and the cool
//! vanguards the rebels' — labels only, every role public. Marshals have +1 max HP; no lord
//! skills. The generals are drafted from a shared pool by the marshals (`draft.rs`); turns go
//! by action units, the camps alternating and each marshal choosing which of its characters act
//! (`order.rs`). Any kill gives the killer 2 cards; a camp wins when the enemy marshal dies.

pub mod draft;
pub mod order;
#[cfg(test)]
mod tests;

use rand_chacha::ChaCha8Rng;

use crate::def::mode::{
    four_cards, no_lord_skills, no_partner, no_role_skills, no_round_rules, two_cards, ModeFrame,
};
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
    id: "3v3",
    // 2: the direction of cards that target everyone (M-3V3-8).
    version: 2,
    name_zh: "3v3",
    name_en: "3v3",
    text_zh: "冷暖两方各三人（主帅居中，两名前锋），由主帅轮流选将。双方交替行动，主帅决定己方谁先行动。击杀敌方主帅的一方获胜。",
    text_en: "Two camps of three (a marshal between two vanguards) whose marshals draft the generals. The camps act in turn, each marshal choosing which of its characters act. The camp that kills the enemy marshal wins.",
    options: OPTIONS,
    seats: (6, 6),
    roles: &[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade],
    camps: &[Camp::Warm, Camp::Cool],
    camp,
    public_roles: &[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade],
    role_skills: no_role_skills,
    deal,
    check_roles,
    max_hp,
    lord_skills: no_lord_skills,
    first_seat,
    starting_hand: four_cards,
    draw_count: two_cards,
    partner: no_partner,
    selection,
    victory,
    on_death,
    round_start: no_round_rules,
    opening: draft::opening,
    step,
    turn_order: Some(order::frame),
    revealed: None,
    choose_direction: true,
};

pub(crate) const OPTIONS: &[OptionDef] = &[];

/// The roles by seat (M-3V3-2): cool vanguard, cool marshal, cool vanguard, warm vanguard, warm
/// marshal, warm vanguard.
pub const SEATING: [Role; 6] = [
    Role::Rebel,
    Role::Renegade,
    Role::Rebel,
    Role::Loyalist,
    Role::Lord,
    Role::Loyalist,
];

/// The cool camp's seats, vanguards on either side of the marshal.
pub const COOL: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];
/// The warm camp's seats.
pub const WARM: [Seat; 3] = [Seat(3), Seat(4), Seat(5)];

/// The warm camp: the lord's and loyalists' roles; the cool camp: the renegade's and rebels'.
fn camp(role: Role) -> Camp {
    match role {
        Role::Lord | Role::Loyalist => Camp::Warm,
        _ => Camp::Cool,
    }
}

/// A camp's three seats (vanguard, marshal, vanguard).
pub fn seats_of(camp: Camp) -> [Seat; 3] {
    if camp == Camp::Warm {
        WARM
    } else {
        COOL
    }
}

/// The camp `seat` plays for.
pub fn camp_of(seat: Seat) -> Camp {
    if WARM.contains(&seat) {
        Camp::Warm
    } else {
        Camp::Cool
    }
}

/// A camp's 主帅.
pub fn marshal(camp: Camp) -> Seat {
    seats_of(camp)[1]
}

/// The other camp.
pub fn enemy(camp: Camp) -> Camp {
    if camp == Camp::Warm {
        Camp::Cool
    } else {
        Camp::Warm
    }
}

fn deal(_: &Options, players: usize, _: &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError> {
    if players != 6 {
        return Err(SetupError::PlayerCount(players));
    }
    Ok(SEATING.to_vec())
}

fn check_roles(roles: &[Role]) -> Result<(), SetupError> {
    if roles != SEATING {
        return Err(SetupError::Invalid(
            "a 3v3 table is rebel, renegade, rebel (the cool camp), loyalist, lord, loyalist (the warm camp)".into(),
        ));
    }
    Ok(())
}

/// M-3V3-6: both marshals have +1 max HP.
fn max_hp(general: u8, role: Role, _: usize, _: &Options) -> u8 {
    general + u8::from(matches!(role, Role::Lord | Role::Renegade))
}

/// The first turn is the turn order's to name; the starting hands are dealt from the cool
/// marshal.
fn first_seat(_: &Game) -> Seat {
    marshal(Camp::Cool)
}

/// The marshals' draft (the mode's opening) chooses the generals.
fn selection(_: &Game, _: &[Seat]) -> Option<SelectionPlan> {
    None
}

/// M-3V3-10: a camp wins (its dead included) as soon as the enemy marshal dies.
fn victory(game: &Game) -> Option<Outcome> {
    let roles: Vec<Role> = (0..game.seat_count())
        .map(|i| game.role(Seat(i as u8)))
        .collect();
    let winner = [Camp::Warm, Camp::Cool]
        .into_iter()
        .find(|camp| !game.is_alive(marshal(enemy(*camp))))?;
    Some(Outcome {
        winner: Some(winner),
        winners: seats_of(winner).to_vec(),
        roles,
    })
}

/// M-3V3-9 (2012/2013): the killer, if alive, draws 2 for any kill; nothing else.
fn on_death(game: &mut Game, _dead: Seat, killer: Option<Seat>) -> Option<Frame> {
    if let Some(killer) = killer.filter(|k| game.is_alive(*k)) {
        game.draw(killer, 2);
    }
    None
}

fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.kind {
        draft::KIND => draft::step(frame, game),
        order::KIND => order::step(frame, game),
        _ => Step::Done,
    }
}

/// M-3V3-3: the 2013 pool, as far as the registered general packs have it. 夏侯惇, 关羽, 赵云 and
/// 吕布 play their standard texts (their 3v3 versions are not implemented: docs/rulings.md).
pub const POOL: &[GeneralId] = &[
    GeneralId::Caocao,
    GeneralId::Simayi,
    GeneralId::Xiahoudun,
    GeneralId::Zhangliao,
    GeneralId::Guojia,
    GeneralId::Zhenji,
    GeneralId::Xiahouyuan,
    GeneralId::Liubei,
    GeneralId::Guanyu,
    GeneralId::Zhangfei,
    GeneralId::Zhugeliang,
    GeneralId::Zhaoyun,
    GeneralId::Machao,
    GeneralId::Huangyueying,
    GeneralId::Sunquan,
    GeneralId::Ganning,
    GeneralId::Huanggai,
    GeneralId::Zhouyu,
    GeneralId::Daqiao,
    GeneralId::Sunshangxiang,
    GeneralId::Xiaoqiao,
    GeneralId::Huatuo,
    GeneralId::Lvbu,
    GeneralId::Diaochan,
    GeneralId::Pangde,
];
