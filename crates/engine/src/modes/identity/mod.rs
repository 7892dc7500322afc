//! 身份局 Identity mode (`modes.md` §1; `timing-rulings.md` A, D.20–22): 2–10 seats; 主公, 忠臣,
//! 反贼 and 内奸 dealt by a role table, the lord's role public; the lord picks a general first
//! (the lord generals and two more), then everyone else at once; the lord has +1 max HP with five
//! or more seats and takes the first turn; 4 starting cards; rewards and penalties on death; the
//! lord's side, the rebels or a lone renegade win.
//!
//! Options: `role_table` (V-ROLE), `lord_hp` (V-LHP), `attrition` (V-3S), `lord_seat` (who is
//! dealt the lord: seat `n − 1`, for a 计分赛 series whose lord passes round the table, V-JF-2;
//! 0 = at random), `offered` (generals offered to each other seat; 0 = by the
//! rules: 3, or 2 with 10 seats), `lord_extra` (random generals the lord is offered besides the
//! lord generals), `generals` (V-NOGEN white generals for everyone; V-BEGIN also without
//! J/Q/K), `reincarnation` (转世, V-ZS: the dead wait for sacrifices and come back), `series`
//! (计分赛, V-JF: the room plays a series of games, one per seat, the lord passing round the
//! table, and scores each — `series.rs`; a single game plays as usual), `early_cards` (the 2008
//! card rules, V-EARLY-C1/C3 — `early_cards.rs`).

pub mod anhun;
pub mod attrition;
pub mod early_cards;
pub mod first_game;
pub mod rewards;
pub mod roles;
pub mod score;
pub mod series;
pub mod victory;
pub mod xianji;
pub mod zhuanshi;

use crate::def::mode::ModeFrame;
use crate::def::{option, ChoiceDef, ModeDef, OptionDef, OptionKind};
use crate::event::Camp;
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::resolve::Step;
use crate::ruleset::Options;
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
    camp,
    public_roles: &[Role::Lord],
    role_skills,
    deal: roles::deal,
    check_roles,
    max_hp,
    lord_skills,
    first_seat,
    starting_hand: crate::def::mode::four_cards,
    draw_count: crate::def::mode::two_cards,
    partner: crate::def::mode::no_partner,
    selection,
    victory: victory::check,
    on_death,
    round_start: attrition::round_start,
    opening: first_game::opening,
    step,
    turn_order: None,
    revealed: None,
    choose_direction: false,
};

/// After a death that did not end the game: the attrition's count, the dead seat's wait under
/// 转世, then rewards and penalties (none for a reincarnated character, V-ZS-6).
fn on_death(game: &mut Game, dead: Seat, killer: Option<Seat>) -> Option<crate::resolve::Frame> {
    attrition::count_from_death(game);
    if zhuanshi::on_death(game, dead) {
        return None;
    }
    rewards::reward_or_penalty(game, dead, killer)
}

/// Under 转世 everyone has 献祭 (V-ZS-2).
fn role_skills(_: Role, options: &Options) -> &'static [crate::ids::SkillId] {
    if zhuanshi::enabled(options) {
        &[crate::ids::SkillId::Xianji]
    } else {
        &[]
    }
}

/// The identity mode's own procedures.
fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.kind {
        attrition::KIND => attrition::step(frame, game),
        first_game::KIND => first_game::step(frame, game),
        _ => Step::Done,
    }
}

pub(crate) const OPTIONS: &[OptionDef] = &[
    OptionDef {
        id: "role_table",
        name_zh: "身份配置",
        name_en: "Role table",
        text_zh: "按人数发放的身份数，依次为 主公/忠臣/反贼/内奸：标准为规则书的表，变体为另一种常见配置，早期附表出自早期规则（至多三名内奸）。",
        text_en: "How many of each role a table deals, as lord/loyalist/rebel/renegade: Standard is the rulebook's table, Variant another common one, the early rules' table deals up to three renegades.",
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
                ChoiceDef {
                    id: "s0",
                    name_zh: "早期规则附表（至多三名内奸：7 人 1/1/3/2，8 人 1/1/3/3，9 人 1/1/4/3，10 人 1/2/4/3）",
                    name_en: "Early rules' table (up to three renegades: 7: 1/1/3/2, 8: 1/1/3/3, 9: 1/1/4/3, 10: 1/2/4/3)",
                },
            ],
            default: "standard",
        },
    },
    OptionDef {
        id: "lord_hp",
        name_zh: "主公体力上限",
        name_en: "Lord's max HP",
        text_zh: "主公的体力上限比其武将多 1：按规则仅限五人及以上，或任何人数都加。",
        text_en: "The lord has one more max HP than its general: by the rules only with five or more seats, or at every table size.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "five_plus",
                    name_zh: "五人及以上 +1",
                    name_en: "+1 with five or more seats",
                },
                ChoiceDef {
                    id: "always",
                    name_zh: "总是 +1",
                    name_en: "Always +1",
                },
            ],
            default: "five_plus",
        },
    },
    OptionDef {
        id: "attrition",
        name_zh: "三人消耗",
        name_en: "Three-survivor attrition",
        text_zh: "只剩三名角色时，三轮后每轮开始所有角色同时失去 1 点体力，直到有人出局。",
        text_en: "With only three characters left, after three rounds everyone loses 1 HP at the start of each round until someone is out.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "off",
                    name_zh: "关",
                    name_en: "Off",
                },
                ChoiceDef {
                    id: "on",
                    name_zh: "剩三人三轮后每轮各失去 1 点体力（会同时全灭则顺延）",
                    name_en: "With three left, after three rounds everyone loses 1 HP each round (postponed if it would end everyone)",
                },
                ChoiceDef {
                    id: "on_alt",
                    name_zh: "同上，同时出局照常结算",
                    name_en: "As above; simultaneous deaths are played as they fall",
                },
            ],
            default: "off",
        },
    },
    OptionDef {
        id: "generals",
        name_zh: "武将",
        name_en: "Generals",
        text_zh: "是否选将：无武将时人人是 4 体力、无技能的白板；初次游戏另移去所有 J、Q、K。",
        text_en: "Whether generals are chosen: without them everyone is a 4-HP general with no skills; a first game also sets aside every J, Q and K.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "chosen",
                    name_zh: "选将",
                    name_en: "Chosen",
                },
                ChoiceDef {
                    id: "none",
                    name_zh: "无武将（人人 4 体力白板，主公 5 人及以上 5 体力）",
                    name_en: "No generals (everyone a 4-HP general without skills; the lord 5 with five or more)",
                },
                ChoiceDef {
                    id: "first_game",
                    name_zh: "初次游戏（无武将，并移去所有 J、Q、K）",
                    name_en: "First game (no generals, and every J, Q and K set aside)",
                },
            ],
            default: "chosen",
        },
    },
    OptionDef {
        id: "early_cards",
        name_zh: "早期卡牌规则",
        name_en: "Early card rules",
        text_zh: "2008 年说明书的卡牌规则：【乐不思蜀】不能对主公使用；判定区同时有【闪电】和【乐不思蜀】时先判定【闪电】。",
        text_en: "The 2008 leaflet's card rules: Indulgence cannot be used on the lord; with both Lightning and Indulgence in a judgment area, Lightning is judged first.",
        kind: OptionKind::Flag { default: false },
    },
    OptionDef {
        id: "reincarnation",
        name_zh: "转世",
        name_en: "Reincarnation",
        text_zh: "阵亡者留在房间等待他人献祭手牌，够数后以同势力新武将 1 体力回到座位；转世者胜负仍按阵亡计。",
        text_en: "A dead player waits for the others' sacrificed hand cards and, given enough, returns at 1 HP as a new general of its kingdom; for victory it still counts as dead.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "off",
                    name_zh: "关",
                    name_en: "Off",
                },
                ChoiceDef {
                    id: "on",
                    name_zh: "阵亡者接受献祭（出牌阶段每回合一张手牌），满四张（≤5 人三张）以同势力新武将 1 体力转世",
                    name_en: "The dead accept sacrifices (one hand card per turn, in the play phase); at four (three with ≤5 seats) they return as a new general of their kingdom at 1 HP",
                },
            ],
            default: "off",
        },
    },
    OptionDef {
        id: "series",
        name_zh: "计分赛",
        name_en: "Scoring league",
        text_zh: "房间连打与座位数相同的局数，主公每局传给下家、其余身份随机；每局按计分表得分，累计最高者获胜。",
        text_en: "The room plays as many games as seats, the lord passing to the next seat each game and the other roles dealt at random; each game is scored by the tables and the highest total wins.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "off",
                    name_zh: "关",
                    name_en: "Off",
                },
                ChoiceDef {
                    id: "on",
                    name_zh: "计分赛（每人当一次主公）",
                    name_en: "A series (everyone is lord once)",
                },
                ChoiceDef {
                    id: "anhun",
                    name_zh: "计分赛＋暗魂（上局第一个出局者本局最后一滴血受保护）",
                    name_en: "A series with 暗魂 (who went out first last game keeps its last HP this game)",
                },
            ],
            default: "off",
        },
    },
    OptionDef {
        id: "protected",
        name_zh: "暗魂保护座位（0 = 无）",
        name_en: "暗魂-protected seat (0 = none)",
        text_zh: "此座位的角色体力不会降到 1 以下，直到有角色阵亡或被它攻击过的角色反击它；计分赛按上局第一个出局者自动设置。",
        text_en: "This seat's character cannot go below 1 HP until someone dies or someone it attacked attacks it back; a 暗魂 series sets it to last game's first out.",
        kind: OptionKind::Number {
            min: 0,
            max: 10,
            default: 0,
        },
    },
    OptionDef {
        id: "lord_seat",
        name_zh: "主公座位（0 = 随机）",
        name_en: "Lord's seat (0 = dealt at random)",
        text_zh: "由第几号座位（从 1 数）当主公；0 为随机发放身份。",
        text_en: "Which seat (counting from 1) is dealt the lord; 0 deals it at random.",
        kind: OptionKind::Number {
            min: 0,
            max: 10,
            default: 0,
        },
    },
    OptionDef {
        id: "offered",
        name_zh: "候选武将数（0 = 按规则）",
        name_en: "Generals offered (0 = by the rules)",
        text_zh: "主公以外每人可从几名候选武将中选将；0 为按规则（3 名，十人局 2 名）。",
        text_en: "How many generals each seat but the lord chooses from; 0 follows the rules (3, or 2 with ten seats).",
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
        text_zh: "主公除主公武将外额外得到的随机候选武将数。",
        text_en: "How many random generals the lord is offered besides the lord generals.",
        kind: OptionKind::Number {
            min: 0,
            max: 10,
            default: 2,
        },
    },
];

/// The lord and the loyalists are one camp; the rebels another; each renegade plays alone.
fn camp(role: Role) -> Camp {
    match role {
        Role::Lord | Role::Loyalist => Camp::Lord,
        Role::Rebel => Camp::Rebels,
        Role::Renegade => Camp::Renegade,
    }
}

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

/// The lord has +1 max HP with five or more seats (`timing-rulings.md` A.4, V-LHP-3), or at
/// every table size with `lord_hp = always` (V-LHP-1).
fn max_hp(general: u8, role: Role, players: usize, options: &Options) -> u8 {
    let bonus = match option::choice(OPTIONS, options, "lord_hp").as_str() {
        "always" => true,
        _ => players >= 5,
    };
    general + u8::from(role == Role::Lord && bonus)
}

/// 主公技 work only for the lord.
fn lord_skills(game: &Game, seat: Seat) -> bool {
    game.role(seat) == Role::Lord
}

/// The lord takes the first turn.
fn first_seat(game: &Game) -> Seat {
    game.lord()
}

/// Under `generals = none | first_game` nobody chooses. Otherwise the lord picks first, openly, from the lord generals and `lord_extra` more; then every other
/// seat at once from `offered` each (`timing-rulings.md` A.3).
fn selection(game: &Game, _choosing: &[Seat]) -> Option<SelectionPlan> {
    let options = game.mode_options();
    // V-NOGEN, V-BEGIN: nobody chooses; everyone stays the white general.
    if !first_game::generals_chosen(options) {
        return None;
    }
    let offered = match option::number(OPTIONS, options, "offered") {
        0 if game.seat_count() >= 10 => 2,
        0 => 3,
        n => n,
    };
    Some(SelectionPlan {
        first: Some(game.lord()),
        first_extra: option::number(OPTIONS, options, "lord_extra") as u8,
        per_seat: offered as u8,
        bonus: None,
    })
}

#[cfg(test)]
mod tests {
    use crate::{Game, GameConfig, Role};

    fn lord_max_hp(players: u8, lord_hp: Option<&str>) -> u8 {
        let mut config = GameConfig::white(players);
        if let Some(choice) = lord_hp {
            config.ruleset = config.ruleset.with_option("lord_hp", choice);
        }
        let game = Game::new(config, 5).unwrap();
        game.seat(game.lord()).max_hp
    }

    /// V-LHP-3 (default): +1 only with five or more seats; V-LHP-1: always +1.
    #[test]
    fn v_lhp_the_lord_bonus_by_table_size_and_option() {
        assert_eq!(lord_max_hp(4, None), 4);
        assert_eq!(lord_max_hp(5, None), 5);
        assert_eq!(lord_max_hp(4, Some("always")), 5);
        assert_eq!(lord_max_hp(2, Some("always")), 5);
        assert_eq!(lord_max_hp(8, Some("always")), 5);
        assert_eq!(lord_max_hp(4, Some("five_plus")), 4);
    }

    /// V-ROLE-S0: an 8-seat game under the early rules' table deals 1/1/3/3.
    #[test]
    fn v_role_s0_deals_three_renegades_at_eight() {
        let mut config = GameConfig::white(8);
        config.ruleset = config.ruleset.with_option("role_table", "s0");
        let game = Game::new(config, 9).unwrap();
        let count = |role: Role| {
            (0..8)
                .filter(|&i| game.role(crate::Seat(i)) == role)
                .count()
        };
        let counts = [Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade].map(count);
        assert_eq!(counts, [1, 1, 3, 3]);
    }
}
