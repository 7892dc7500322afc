//! 国战 Hegemony (`shared/rules/hegemony.md`, H-…; decision 0016): 2–10 players, no roles. Each
//! player is dealt generals of the 国战 pack and secretly chooses two of one kingdom, a main
//! general (主将) and a deputy (副将), both face down (`choose.rs`); its max HP is half the sum of
//! their halves (阴阳鱼). A character plays as the white general until it reveals (明置) a general
//! — at the start of its preparation phase (`mingzhi.rs`) — or dies; its first reveal fixes its
//! faction: the general's kingdom, or 野心家 when that kingdom already holds half the table
//! (`flow/duo.rs`). Showing both generals may reward it (珠联璧合, the leftover half). A kill
//! rewards or punishes the killer by the victim's faction (`rewards.rs`); the game ends when
//! every survivor is bound to one faction (`victory.rs`).
//!
//! Every seat is dealt the rebel's role as a label (the roles mean nothing here, and are public):
//! sides are factions, which the generals decide.
//!
//! Options: `strict_victory` (H-WIN-STRICT: the game ends only once every survivor has shown a
//! general; default off, O-1's early end).
//!
//! A hidden general's skills may be used by revealing it (`flow/hidden.rs`, decision 0018; the
//! mode's `revealed` hook gives such a reveal its victory check and rewards).
//!
//! Its deck is the `hegemony` card pack (`decks/hegemony.rs`, decision 0017); the standard deck
//! may be played too. Its general pack has all 60 generals (`generals/hegemony.rs`, decision
//! 0019). Not yet here (docs/rulings.md, "国战 Hegemony"): the other options of H-OPT-1.

pub mod choose;
#[cfg(test)]
pub(crate) mod hidden_tests;
pub mod mingzhi;
pub mod rewards;
#[cfg(test)]
pub(crate) mod tests;
pub mod victory;
pub mod yuliang;

use rand_chacha::ChaCha8Rng;

use crate::def::mode::{
    four_cards, no_lord_skills, no_partner, no_round_rules, two_cards, ModeFrame,
};
use crate::def::{ModeDef, OptionDef, OptionKind};
use crate::error::SetupError;
use crate::event::Camp;
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::ruleset::Options;
use crate::seat::{Role, Seat};

pub static MODE: ModeDef = ModeDef {
    id: "hegemony",
    version: 3,
    name_zh: "国战",
    name_en: "Hegemony",
    text_zh: "每名角色暗选同势力的两张武将牌（主将与副将），明置武将后确定势力；同势力者为友。消灭所有其他势力的角色即获胜，过半的势力后来者成为野心家。",
    text_en: "Each player secretly chooses two generals of one kingdom (main and deputy); revealing a general fixes its faction, and players of one faction are allies. The last faction standing wins; a kingdom's members beyond half the table become careerists.",
    options: OPTIONS,
    seats: (2, 10),
    roles: &[Role::Rebel],
    camps: &[Camp::Wei, Camp::Shu, Camp::Wu, Camp::Qun, Camp::Careerist],
    camp,
    public_roles: &[Role::Rebel],
    role_skills,
    deal,
    check_roles,
    max_hp,
    lord_skills: no_lord_skills,
    first_seat,
    starting_hand: four_cards,
    draw_count: two_cards,
    partner: no_partner,
    selection,
    victory: victory::check,
    on_death: rewards::on_death,
    round_start: no_round_rules,
    opening: choose::opening,
    step,
    turn_order: None,
    revealed: Some(mingzhi::after_reveal),
    choose_direction: false,
};

pub(crate) const OPTIONS: &[OptionDef] = &[OptionDef {
    id: "strict_victory",
    name_zh: "全员明置后判胜",
    name_en: "Victory only when all are revealed",
    text_zh: "按印刷规则：仍有存活角色未明置武将时游戏不结束（默认：剩余角色必属同一势力时即结束，并自动明置）。",
    text_en: "The printed rule: the game does not end while a survivor has shown no general (default: it ends once the survivors must be one faction, revealing them).",
    kind: OptionKind::Flag { default: false },
}];

/// H-WIN-STRICT (O-1): the printed rule — no early end while a survivor is hidden.
pub fn strict_victory(options: &Options) -> bool {
    crate::def::option::flag(OPTIONS, options, "strict_victory")
}

/// H-COMP-4: no roles; the label every seat gets.
const LABEL: Role = Role::Rebel;

/// A role says nothing of a 国战 side (the generals do, `Game::faction`); the catalog's camps
/// are the factions.
fn camp(_: Role) -> Camp {
    Camp::Careerist
}

/// H-REV-1: every character may reveal at the start of its preparation phase.
fn role_skills(_: Role, _: &Options) -> &'static [SkillId] {
    &[SkillId::Mingzhi]
}

fn deal(_: &Options, players: usize, _: &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError> {
    if !(2..=10).contains(&players) {
        return Err(SetupError::PlayerCount(players));
    }
    Ok(vec![LABEL; players])
}

fn check_roles(roles: &[Role]) -> Result<(), SetupError> {
    if roles.iter().any(|r| *r != LABEL) {
        return Err(SetupError::Invalid(
            "a 国战 table deals no roles (every seat has the rebel's label)".into(),
        ));
    }
    Ok(())
}

/// H-SETUP-5 sets max HP from the two generals' halves when they are chosen (`choose.rs`);
/// before that a seat has the white general's.
fn max_hp(general: u8, _: Role, _: usize, _: &Options) -> u8 {
    general
}

/// H-COMP-3: [QHeg] seat 1 takes the first turn (seating itself may be random).
fn first_seat(_: &Game) -> Seat {
    Seat(0)
}

/// The mode's opening deals and chooses the generals (`choose.rs`).
fn selection(_: &Game, _: &[Seat]) -> Option<SelectionPlan> {
    None
}

fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.kind {
        choose::KIND => choose::step(frame, game),
        _ => Step::Done,
    }
}
