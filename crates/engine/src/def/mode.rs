//! [`ModeDef`]: a mode as a definition, in the style of cards and skills — seats, how roles are
//! dealt and which are public, starting HP and hands, the first seat, the general selection,
//! rewards and penalties on death, victory and what the outcome names. The machinery calls these
//! at its fixed points and knows no mode; content defines one `static` per mode (`modes/`).

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::def::option::OptionDef;
use crate::error::SetupError;
use crate::event::{Camp, Outcome};
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Step};
use crate::ruleset::Options;
use crate::seat::{Role, Seat};

/// A mode.
pub struct ModeDef {
    /// Stable id (`identity`).
    pub id: &'static str,
    /// The rules version: bumped when a change alters how recorded games of this mode go.
    pub version: u32,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub text_zh: &'static str,
    pub text_en: &'static str,
    pub options: &'static [OptionDef],
    /// The seat counts the mode is played with.
    pub seats: (u8, u8),
    /// The roles it deals, and the camps an outcome may name (for the catalog).
    pub roles: &'static [Role],
    pub camps: &'static [Camp],
    /// The camp a role plays for (identity: the lord and loyalists are the lord's camp).
    pub camp: fn(Role) -> Camp,
    /// The roles everyone sees from the deal (identity: the lord; 斗地主: all). The others stay
    /// hidden until their seat dies or the game ends.
    pub public_roles: &'static [Role],
    /// Skills a seat of this role has besides its general's, for the whole game (斗地主: the
    /// landlord's 飞扬 and 跋扈; identity under 转世: everyone's 献祭), by the mode's options.
    pub role_skills: fn(Role, &Options) -> &'static [SkillId],
    /// Deals the roles for `players` seats: one per seat, in seat order (the rng shuffles).
    pub deal: fn(&Options, usize, &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError>,
    /// Are these roles, one per seat, a table of this mode (a practice table's)?
    pub check_roles: fn(&[Role]) -> Result<(), SetupError>,
    /// A seat's max HP from its general's, its role, the seat count and the mode's options (the
    /// lord's +1).
    pub max_hp: fn(u8, Role, usize, &Options) -> u8,
    /// Do the lord skills (主公技) of `seat`'s general work?
    pub lord_skills: fn(&Game, Seat) -> bool,
    /// Who takes the first turn and draws the first starting hand.
    pub first_seat: fn(&Game) -> Seat,
    /// Cards `seat` draws before the first turn.
    pub starting_hand: fn(&Game, Seat) -> u8,
    /// Cards `seat` draws in its draw phase before skills change the count (2; 2v2's first
    /// turn of the game: 1).
    pub draw_count: fn(&Game, Seat) -> u8,
    /// The seat that sees `seat`'s hand cards besides `seat` itself (2v2's partner), if any.
    pub partner: fn(&Game, Seat) -> Option<Seat>,
    /// How the seats that choose a general choose it (`None`: nobody chooses).
    pub selection: fn(&Game, &[Seat]) -> Option<SelectionPlan>,
    /// The game's outcome if it is decided now (checked at every death).
    pub victory: fn(&Game) -> Option<Outcome>,
    /// Rewards and penalties after a death that did not end the game; may return a procedure
    /// (a choice the rules give someone).
    pub on_death: fn(&mut Game, Seat, Option<Seat>) -> Option<Frame>,
    /// The mode's own rules at the start of each round, before the skills' round-start window
    /// (e.g. identity's three-survivor attrition); may return a procedure.
    pub round_start: fn(&mut Game) -> Option<Frame>,
    /// A procedure of the mode's own before the general selection (斗地主's bidding), if any.
    pub opening: fn(&Game) -> Option<ModeFrame>,
    /// Steps the mode's own procedures ([`ModeFrame`]s it returned).
    pub step: fn(&mut ModeFrame, &mut Game) -> Step,
    /// Whose turn comes next, if not seat order (3v3's action units): a procedure that sets it
    /// with [`Game::set_next_turn`] (and may ask someone first).
    pub turn_order: Option<fn(&Game) -> ModeFrame>,
    /// What follows a general revealed in order to use its skill (国战 H-REV-2, H-PROC-REVEAL
    /// (3)): the victory check and the rewards, as a procedure that runs before the skill
    /// resolves. `None` in modes without hidden generals.
    pub revealed: Option<fn(&mut Game, Seat) -> Option<Frame>>,
    /// The user of a card that targets everyone (or everyone else) chooses the direction its
    /// targets resolve in (3v3, M-3V3-8); otherwise they go in turn order from the user.
    pub choose_direction: bool,
}

/// A multi-step procedure of a mode's own rules in progress; `kind`, `step` and the rest are
/// the mode's to interpret (as [`SkillFrame`](crate::def::skill::SkillFrame) for skills).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeFrame {
    pub kind: u8,
    pub step: u8,
    pub seats: Vec<Seat>,
    /// Numbers the procedure keeps (斗地主's bidding: the highest bid and its bidder).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<u32>,
}

impl ModeFrame {
    pub fn new(kind: u8) -> Self {
        ModeFrame {
            kind,
            step: 0,
            seats: Vec::new(),
            numbers: Vec::new(),
        }
    }
}

/// A mode whose roles bring no skills.
pub fn no_role_skills(_: Role, _: &Options) -> &'static [SkillId] {
    &[]
}

/// Four starting cards for everyone.
pub fn four_cards(_: &Game, _: Seat) -> u8 {
    4
}

/// The draw phase draws two.
pub fn two_cards(_: &Game, _: Seat) -> u8 {
    2
}

/// No lord skill works (斗地主, 2v2).
pub fn no_lord_skills(_: &Game, _: Seat) -> bool {
    false
}

/// Nobody sees another seat's hand.
pub fn no_partner(_: &Game, _: Seat) -> Option<Seat> {
    None
}

/// A mode whose games open with the general selection.
pub fn no_opening(_: &Game) -> Option<ModeFrame> {
    None
}

/// A mode without procedures of its own.
pub fn no_round_rules(_: &mut Game) -> Option<Frame> {
    None
}

/// For modes that never return a [`ModeFrame`].
pub fn no_procedures(_: &mut ModeFrame, _: &mut Game) -> Step {
    Step::Done
}

impl std::fmt::Debug for ModeDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ModeDef({} v{})", self.id, self.version)
    }
}
