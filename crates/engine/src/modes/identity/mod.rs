//! 身份局 Identity mode (`modes.md` §1; `timing-rulings.md` A, D.20–22): 2–10 seats; 主公, 忠臣,
//! 反贼 and 内奸 dealt by a role table, the lord's role public; the lord picks a general first
//! (the lord generals and two more), then everyone else at once; the lord has +1 max HP with five
//! or more seats and takes the first turn; 4 starting cards; rewards and penalties on death; the
//! lord's side, the rebels or a lone renegade win.
//!
//! Options: `role_table` (V-ROLE), `offered` (generals offered to each other seat; 0 = by the
//! rules: 3, or 2 with 10 seats), `lord_extra` (random generals the lord is offered besides the
//! lord generals).

pub mod rewards;
pub mod roles;
pub mod victory;

use crate::def::{option, ChoiceDef, ModeDef, OptionDef, OptionKind};
use crate::event::Camp;
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::seat::{Role, Seat};

pub use roles::RoleTable;

pub static MODE: ModeDef = ModeDef {
    id: "identity",
    version: 1,
    name_zh: "身份局",
    name_en: "Identity",
    text_zh: "主公与忠臣消灭所有反贼和内奸；反贼杀死主公；内奸最后单独存活并杀死主公。",
    text_en: "The lord and the loyalists eliminate every rebel and renegade; the rebels kill the lord; a renegade outlives everyone and kills the lord last.",
    options: OPTIONS,
    seats: (2, 10),
    roles: &[Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade],
    camps: &[Camp::Lord, Camp::Rebels, Camp::Renegade],
    deal: roles::deal,
    check_roles,
    max_hp,
    lord_skills,
    first_seat,
    starting_hand: 4,
    selection,
    victory: victory::check,
    on_death: rewards::reward_or_penalty,
};

pub(crate) const OPTIONS: &[OptionDef] = &[
    OptionDef {
        id: "role_table",
        name_zh: "身份配置",
        name_en: "Role table",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "standard",
                    name_zh: "标准",
                    name_en: "Standard",
                },
                ChoiceDef {
                    id: "variant",
                    name_zh: "变体（4 人 1/0/2/1，6 人 1/1/2/2，8 人 1/2/3/2，10 人 1/3/5/1）",
                    name_en: "Variant (4: 1/0/2/1, 6: 1/1/2/2, 8: 1/2/3/2, 10: 1/3/5/1)",
                },
            ],
            default: "standard",
        },
    },
    OptionDef {
        id: "offered",
        name_zh: "候选武将数（0 = 按规则）",
        name_en: "Generals offered (0 = by the rules)",
        kind: OptionKind::Number {
            min: 0,
            max: 6,
            default: 0,
        },
    },
    OptionDef {
        id: "lord_extra",
        name_zh: "主公额外候选数",
        name_en: "Extra for the lord",
        kind: OptionKind::Number {
            min: 0,
            max: 10,
            default: 2,
        },
    },
];

/// A table has exactly one lord.
fn check_roles(roles: &[Role]) -> Result<(), crate::error::SetupError> {
    let lords = roles.iter().filter(|r| **r == Role::Lord).count();
    if lords != 1 {
        return Err(crate::error::SetupError::Invalid(format!(
            "{lords} lords; a table has exactly one"
        )));
    }
    Ok(())
}

/// The lord has +1 max HP with five or more seats (`timing-rulings.md` A.4, V-LHP-3).
fn max_hp(general: u8, role: Role, players: usize) -> u8 {
    general + u8::from(role == Role::Lord && players >= 5)
}

/// 主公技 work only for the lord.
fn lord_skills(game: &Game, seat: Seat) -> bool {
    game.role(seat) == Role::Lord
}

/// The lord takes the first turn.
fn first_seat(game: &Game) -> Seat {
    game.lord()
}

/// The lord picks first, openly, from the lord generals and `lord_extra` more; then every other
/// seat at once from `offered` each (`timing-rulings.md` A.3).
fn selection(game: &Game, _choosing: &[Seat]) -> Option<SelectionPlan> {
    let options = game.mode_options();
    let offered = match option::number(OPTIONS, options, "offered") {
        0 if game.seat_count() >= 10 => 2,
        0 => 3,
        n => n,
    };
    Some(SelectionPlan {
        first: Some(game.lord()),
        first_extra: option::number(OPTIONS, options, "lord_extra") as u8,
        per_seat: offered as u8,
    })
}
