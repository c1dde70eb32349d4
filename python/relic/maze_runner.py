"""Maze Runner's course classes (seed 004), backed by relic's engine.

The model classes (tiles, entities, items, the inventory, the maze, levels)
are the specification's; ``Model`` reads a game file through the engine
(``relic.load("maze-runner", game_file)``, so a faulty file is reported
with relic's diagnostics) and plays every move and item use on the engine's
position, mirroring what happened in its levels, player and inventory.
``MazeRunner`` is the text controller; ``main()`` (``python -m
relic.maze_runner``) asks for a game file and plays it.

>>> tile = Tile()
>>> tile.is_blocking()
False
>>> tile.damage()
0
>>> tile.get_id()
'AT'
>>> str(tile)
'AT'
>>> tile
Tile()
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ._relic import load
from .errors import IllegalActionError

Position = Tuple[int, int]

# Tile and entity IDs, as the course's constants name them.
ABSTRACT_TILE = "AT"
WALL = "#"
EMPTY = " "
LAVA = "L"
DOOR = "D"
ENTITY = "E"
DYNAMIC_ENTITY = "DE"
PLAYER = "P"
ITEM = "I"
FOOD = "F"
POTION = "M"
COIN = "C"
WATER = "W"
APPLE = "A"
HONEY = "H"

LAVA_DAMAGE = 5
MAX_HEALTH = 100
MAX_HUNGER = 10
MAX_THIRST = 10
POTION_AMOUNT = 20
WATER_AMOUNT = -5
APPLE_AMOUNT = -1
HONEY_AMOUNT = -5
MOVE_DELTAS = {"w": (-1, 0), "a": (0, -1), "s": (1, 0), "d": (0, 1)}
MOVES_PER_HUNGER = 5

WIN_MESSAGE = "Congratulations! You have finished all levels and won the game!"
LOSS_MESSAGE = "You lose :("
ITEM_UNAVAILABLE_MESSAGE = "You don't have any of that item!"
NO_SUCH_ITEM_MESSAGE = "No item with that name!"
GAME_FILE_PROMPT = "Enter game file: "
MOVE_PROMPT = "\nEnter a move: "
RULE = "-" * 15


class Tile:
    """The floor at a (row, column) position: by default not blocking and
    doing no damage."""

    _id = ABSTRACT_TILE

    def is_blocking(self) -> bool:
        """True iff a player may not move onto this tile."""
        return False

    def damage(self) -> int:
        """The damage done to a player stepping on this tile."""
        return 0

    def get_id(self) -> str:
        """The tile's ID."""
        return self._id

    def __str__(self) -> str:
        return self.get_id()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Wall(Tile):
    """A blocking tile.

    >>> wall = Wall()
    >>> wall.is_blocking()
    True
    >>> wall.get_id()
    '#'
    >>> str(wall)
    '#'
    >>> wall
    Wall()
    """

    _id = WALL

    def is_blocking(self) -> bool:
        return True


class Empty(Tile):
    """A tile with nothing special on it.

    >>> empty = Empty()
    >>> empty.is_blocking()
    False
    >>> empty.get_id()
    ' '
    >>> str(empty)
    ' '
    >>> empty
    Empty()
    """

    _id = EMPTY


class Lava(Tile):
    """A tile that costs 5 HP on top of the move's.

    >>> lava = Lava()
    >>> lava.is_blocking()
    False
    >>> lava.get_id()
    'L'
    >>> lava.damage()
    5
    >>> str(lava)
    'L'
    >>> lava
    Lava()
    """

    _id = LAVA

    def damage(self) -> int:
        return LAVA_DAMAGE


class Door(Tile):
    """A door: locked (blocking) until ``unlock``, then drawn as empty.

    >>> door = Door()
    >>> door.is_blocking()
    True
    >>> door.get_id()
    'D'
    >>> str(door)
    'D'
    >>> door
    Door()
    >>> door.unlock()
    >>> door.is_blocking()
    False
    >>> door.get_id()
    ' '
    >>> str(door)
    ' '
    >>> door
    Door()
    """

    _id = DOOR

    def __init__(self) -> None:
        self._locked = True

    def unlock(self) -> None:
        """Unlocks the door."""
        self._locked = False

    def is_blocking(self) -> bool:
        return self._locked

    def get_id(self) -> str:
        return DOOR if self._locked else EMPTY


class Entity:
    """Something at a (row, column) position.

    >>> entity = Entity((2, 3))
    >>> entity.get_position()
    (2, 3)
    >>> entity.get_name()
    'Entity'
    >>> entity.get_id()
    'E'
    >>> str(entity)
    'E'
    >>> entity
    Entity((2, 3))
    """

    _id = ENTITY

    def __init__(self, position: Position) -> None:
        """Sets up this entity at ``position``."""
        self._position = position

    def get_position(self) -> Position:
        """This entity's (row, column) position."""
        return self._position

    def get_name(self) -> str:
        """The name of this entity's class."""
        return type(self).__name__

    def get_id(self) -> str:
        """This entity's ID."""
        return self._id

    def __str__(self) -> str:
        return self.get_id()

    def __repr__(self) -> str:
        return f"{self.get_name()}({self._position!r})"


class DynamicEntity(Entity):
    """An entity that can move.

    >>> dynamic_entity = DynamicEntity((1, 1))
    >>> dynamic_entity.get_position()
    (1, 1)
    >>> dynamic_entity.set_position((2, 3))
    >>> dynamic_entity.get_position()
    (2, 3)
    >>> dynamic_entity.get_id()
    'DE'
    >>> str(dynamic_entity)
    'DE'
    >>> dynamic_entity
    DynamicEntity((2, 3))
    """

    _id = DYNAMIC_ENTITY

    def set_position(self, new_position: Position) -> None:
        """Moves this entity to ``new_position``."""
        self._position = new_position


def _clamp(value: int, highest: int) -> int:
    return max(0, min(highest, value))


class Player(DynamicEntity):
    """The player: HP from 100, hunger and thirst from 0, an inventory.

    >>> player = Player((2, 3))
    >>> player.get_hunger()
    0
    >>> player.get_thirst()
    0
    >>> player.get_health()
    100
    >>> player.change_hunger(4)
    >>> player.change_thirst(3)
    >>> player.change_health(-34)
    >>> player.get_hunger()
    4
    >>> player.get_thirst()
    3
    >>> player.get_health()
    66
    >>> player.get_inventory().get_items()
    {}
    >>> player.add_item(Honey((2, 3)))
    >>> player.add_item(Honey((4, 4)))
    >>> player.add_item(Water((1, 1)))
    >>> player.get_inventory().get_items()
    {'Honey': [Honey((2, 3)), Honey((4, 4))], 'Water': [Water((1, 1))]}
    >>> player
    Player((2, 3))
    """

    _id = PLAYER

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self._health = MAX_HEALTH
        self._hunger = 0
        self._thirst = 0
        self._inventory = Inventory()

    def get_hunger(self) -> int:
        """The player's hunger."""
        return self._hunger

    def get_thirst(self) -> int:
        """The player's thirst."""
        return self._thirst

    def get_health(self) -> int:
        """The player's HP."""
        return self._health

    def change_hunger(self, amount: int) -> None:
        """Changes hunger by ``amount``, kept within 0 to 10."""
        self._hunger = _clamp(self._hunger + amount, MAX_HUNGER)

    def change_thirst(self, amount: int) -> None:
        """Changes thirst by ``amount``, kept within 0 to 10."""
        self._thirst = _clamp(self._thirst + amount, MAX_THIRST)

    def change_health(self, amount: int) -> None:
        """Changes HP by ``amount``, kept within 0 to 100."""
        self._health = _clamp(self._health + amount, MAX_HEALTH)

    def get_inventory(self) -> "Inventory":
        """The player's inventory."""
        return self._inventory

    def add_item(self, item: "Item") -> None:
        """Adds ``item`` to the player's inventory."""
        self._inventory.add_item(item)


class Item(Entity):
    """Something a player collects and may apply.

    >>> player = Player((2, 3))
    >>> item = Item((4, 5))
    >>> item.apply(player)
    Traceback (most recent call last):
    ...
    NotImplementedError
    >>> item.get_position()
    (4, 5)
    >>> item.get_name()
    'Item'
    >>> item.get_id()
    'I'
    >>> str(item)
    'I'
    >>> item
    Item((4, 5))
    """

    _id = ITEM

    def apply(self, player: Player) -> None:
        """Applies this item's effect to ``player``."""
        raise NotImplementedError


class Potion(Item):
    """Gives the player 20 HP.

    >>> player = Player((1, 1))
    >>> potion = Potion((1, 1))
    >>> player.change_health(-50)
    >>> player.get_health()
    50
    >>> potion.apply(player)
    >>> player.get_health()
    70
    >>> potion
    Potion((1, 1))
    """

    _id = POTION

    def apply(self, player: Player) -> None:
        player.change_health(POTION_AMOUNT)


class Coin(Item):
    """No effect when applied: doors wait for every coin.

    >>> player = Player((4, 4))
    >>> coin = Coin((4, 4))
    >>> print(player.get_health(), player.get_thirst(), player.get_hunger())
    100 0 0
    >>> player.get_inventory().get_items()
    {}
    >>> coin.apply(player)
    >>> print(player.get_health(), player.get_thirst(), player.get_hunger())
    100 0 0
    >>> player.get_inventory().get_items()
    {}
    """

    _id = COIN

    def apply(self, player: Player) -> None:
        return None


class Water(Item):
    """Lowers the player's thirst by 5.

    >>> player = Player((1, 1))
    >>> player.change_thirst(8)
    >>> player.get_thirst()
    8
    >>> water = Water((1, 1))
    >>> water.apply(player)
    >>> player.get_thirst()
    3
    >>> water.get_id()
    'W'
    >>> str(water)
    'W'
    >>> water
    Water((1, 1))
    """

    _id = WATER

    def apply(self, player: Player) -> None:
        player.change_thirst(WATER_AMOUNT)


class Food(Item):
    """Food lowers the player's hunger by its amount.

    >>> player = Player((1, 1))
    >>> player.change_hunger(7)
    >>> apple = Apple((1, 1))
    >>> honey = Honey((2, 3))
    >>> player.get_hunger()
    7
    >>> apple.apply(player)
    >>> player.get_hunger()
    6
    >>> honey.apply(player)
    >>> player.get_hunger()
    1
    >>> apple.get_id()
    'A'
    >>> honey.get_id()
    'H'
    >>> honey
    Honey((2, 3))
    >>> apple
    Apple((1, 1))
    """

    _id = FOOD
    _amount = 0

    def apply(self, player: Player) -> None:
        player.change_hunger(self._amount)


class Apple(Food):
    """Lowers the player's hunger by 1."""

    _id = APPLE
    _amount = APPLE_AMOUNT


class Honey(Food):
    """Lowers the player's hunger by 5."""

    _id = HONEY
    _amount = HONEY_AMOUNT


ITEMS = {cls._id: cls for cls in (Potion, Coin, Water, Apple, Honey)}
ITEM_NAMES = {cls.__name__ for cls in ITEMS.values()}
TILES = {cls._id: cls for cls in (Wall, Empty, Lava, Door)}


class Inventory:
    """Items by name, each name's instances in order of arrival.

    >>> inventory = Inventory([Water((1, 2)), Honey((2, 3)), Water((3, 4))])
    >>> inventory
    Inventory(initial_items=[Water((1, 2)), Water((3, 4)), Honey((2, 3))])
    >>> inventory.get_items()
    {'Water': [Water((1, 2)), Water((3, 4))], 'Honey': [Honey((2, 3))]}
    >>> inventory.add_item(Honey((3, 4)))
    >>> inventory.add_item(Coin((1, 1)))
    >>> inventory.get_items()  # doctest: +NORMALIZE_WHITESPACE
    {'Water': [Water((1, 2)), Water((3, 4))], 'Honey': [Honey((2, 3)), Honey((3, 4))],
     'Coin': [Coin((1, 1))]}
    >>> inventory.remove_item('Honey')
    Honey((2, 3))
    >>> inventory.get_items()
    {'Water': [Water((1, 2)), Water((3, 4))], 'Honey': [Honey((3, 4))], 'Coin': [Coin((1, 1))]}
    >>> inventory.remove_item('Coin')
    Coin((1, 1))
    >>> non_existant_coin = inventory.remove_item('Coin')
    >>> print(non_existant_coin)
    None
    >>> inventory.get_items()
    {'Water': [Water((1, 2)), Water((3, 4))], 'Honey': [Honey((3, 4))]}
    >>> print(inventory)
    Water: 2
    Honey: 1
    >>> inventory
    Inventory(initial_items=[Water((1, 2)), Water((3, 4)), Honey((3, 4))])
    """

    def __init__(self, initial_items: Optional[List[Item]] = None) -> None:
        """Sets up the inventory, with ``initial_items`` if given."""
        self._items: Dict[str, List[Item]] = {}
        for item in initial_items or []:
            self.add_item(item)

    def add_item(self, item: Item) -> None:
        """Adds ``item``."""
        self._items.setdefault(item.get_name(), []).append(item)

    def get_items(self) -> Dict[str, List[Item]]:
        """Each item name's instances."""
        return self._items

    def remove_item(self, item_name: str) -> Optional[Item]:
        """Removes and returns the first ``item_name``, or ``None``."""
        held = self._items.get(item_name)
        if not held:
            return None
        item = held.pop(0)
        if not held:
            del self._items[item_name]
        return item

    def __str__(self) -> str:
        return "\n".join(f"{name}: {len(items)}" for name, items in self._items.items())

    def __repr__(self) -> str:
        items = [item for held in self._items.values() for item in held]
        return f"Inventory(initial_items={items!r})"


class Maze:
    """The tiles of a level, row by row (it knows no entities).

    >>> maze = Maze((5, 5))
    >>> maze.get_dimensions()
    (5, 5)
    >>> maze.get_tiles()
    []
    >>> str(maze)
    ''
    >>> maze.add_row('#####')
    >>> maze.add_row('# C D')
    >>> maze.add_row('# C #')
    >>> maze.add_row('P C #')
    >>> maze.add_row('#####')
    >>> from pprint import pprint
    >>> pprint(maze.get_tiles())  # unknown tile IDs treated as empty
    [[Wall(), Wall(), Wall(), Wall(), Wall()],
     [Wall(), Empty(), Empty(), Empty(), Door()],
     [Wall(), Empty(), Empty(), Empty(), Wall()],
     [Empty(), Empty(), Empty(), Empty(), Wall()],
     [Wall(), Wall(), Wall(), Wall(), Wall()]]
    >>> str(maze)
    '#####\\n#   D\\n#   #\\n    #\\n#####'
    >>> print(maze)
    #####
    #   D
    #   #
        #
    #####
    >>> maze
    Maze((5, 5))
    >>> maze.get_tile((2, 3))
    Empty()
    >>> maze.unlock_door()
    >>> print(maze)
    #####
    #    
    #   #
        #
    #####
    >>> pprint(maze.get_tiles())
    [[Wall(), Wall(), Wall(), Wall(), Wall()],
     [Wall(), Empty(), Empty(), Empty(), Door()],
     [Wall(), Empty(), Empty(), Empty(), Wall()],
     [Empty(), Empty(), Empty(), Empty(), Wall()],
     [Wall(), Wall(), Wall(), Wall(), Wall()]]
    """

    def __init__(self, dimensions: Tuple[int, int]) -> None:
        """An empty maze of (rows, columns) ``dimensions``."""
        self._dimensions = dimensions
        self._tiles: List[List[Tile]] = []

    def get_dimensions(self) -> Tuple[int, int]:
        """The (rows, columns) of the maze."""
        return self._dimensions

    def add_row(self, row: str) -> None:
        """Adds a row of tiles; an ID that is no tile's is an ``Empty``."""
        self._tiles.append([TILES.get(tile_id, Empty)() for tile_id in row])

    def get_tiles(self) -> List[List[Tile]]:
        """The tiles, row by row."""
        return self._tiles

    def unlock_door(self) -> None:
        """Unlocks every door of the maze."""
        for row in self._tiles:
            for tile in row:
                if isinstance(tile, Door):
                    tile.unlock()

    def get_tile(self, position: Position) -> Tile:
        """The tile at ``position``."""
        row, column = position
        return self._tiles[row][column]

    def __str__(self) -> str:
        return "\n".join("".join(tile.get_id() for tile in row) for row in self._tiles)

    def __repr__(self) -> str:
        return f"Maze({self._dimensions!r})"


class Level:
    """A maze with its items and the player's start.

    >>> level = Level((5, 5))
    >>> level
    Level((5, 5))
    >>> level.get_maze()
    Maze((5, 5))
    >>> level.get_maze().get_tiles()
    []
    >>> level.get_items()
    {}
    >>> print(level.get_player_start())
    None
    >>> level.get_dimensions()
    (5, 5)
    >>> level.add_row('#####')
    >>> level.add_row('# C D')
    >>> level.add_row('# C #')
    >>> level.add_row('P C #')
    >>> level.add_row('#####')
    >>> print(level.get_maze())
    #####
    #   D
    #   #
        #
    #####
    >>> level.get_items()
    {(1, 2): Coin((1, 2)), (2, 2): Coin((2, 2)), (3, 2): Coin((3, 2))}
    >>> level.get_player_start()
    (3, 0)
    >>> level.add_entity((2, 3), 'M')
    >>> level.get_items()
    {(1, 2): Coin((1, 2)), (2, 2): Coin((2, 2)), (3, 2): Coin((3, 2)), (2, 3): Potion((2, 3))}
    >>> level.attempt_unlock_door()
    >>> print(level.get_maze())
    #####
    #   D
    #   #
        #
    #####
    >>> level.remove_item((1, 2))
    >>> level.remove_item((2, 2))
    >>> level.remove_item((3, 2))
    >>> level.get_items()
    {(2, 3): Potion((2, 3))}
    >>> level.attempt_unlock_door()
    >>> print(level.get_maze())
    #####
    #    
    #   #
        #
    #####
    >>> print(level)
    Maze: #####
    #    
    #   #
        #
    #####
    Items: {(2, 3): Potion((2, 3))}
    Player start: (3, 0)
    """

    def __init__(self, dimensions: Tuple[int, int]) -> None:
        """A level of (rows, columns) ``dimensions`` with an empty maze."""
        self._maze = Maze(dimensions)
        self._items: Dict[Position, Item] = {}
        self._player_start: Optional[Position] = None

    def get_maze(self) -> Maze:
        """The level's maze."""
        return self._maze

    def attempt_unlock_door(self) -> None:
        """Unlocks the doors once no coin is left."""
        if not any(isinstance(item, Coin) for item in self._items.values()):
            self._maze.unlock_door()

    def add_row(self, row: str) -> None:
        """Adds a row of tile and entity IDs: its tiles to the maze, its
        items and the player's start to the level."""
        row_index = len(self._maze.get_tiles())
        self._maze.add_row(row)
        for column, entity_id in enumerate(row):
            if entity_id in ITEMS or entity_id == PLAYER:
                self.add_entity((row_index, column), entity_id)

    def add_entity(self, position: Position, entity_id: str) -> None:
        """Adds the entity ``entity_id`` at ``position`` (an item replaces
        any item there; ``P`` is the player's start)."""
        if entity_id == PLAYER:
            self.add_player_start(position)
        elif entity_id in ITEMS:
            self._items[position] = ITEMS[entity_id](position)

    def get_dimensions(self) -> Tuple[int, int]:
        """The (rows, columns) of the level's maze."""
        return self._maze.get_dimensions()

    def get_items(self) -> Dict[Position, Item]:
        """The items left, by position."""
        return self._items

    def remove_item(self, position: Position) -> None:
        """Removes the item at ``position`` (there must be one)."""
        del self._items[position]

    def add_player_start(self, position: Position) -> None:
        """Sets the player's start."""
        self._player_start = position

    def get_player_start(self) -> Optional[Position]:
        """The player's start, or ``None`` if none was given."""
        return self._player_start

    def __str__(self) -> str:
        return (
            f"Maze: {self._maze}\nItems: {self._items}\n"
            f"Player start: {self._player_start}"
        )

    def __repr__(self) -> str:
        return f"Level({self.get_dimensions()!r})"


def load_game(filename: str) -> List[Level]:
    """The levels of a game file: blocks headed ``Maze N - ROWS COLUMNS``."""
    levels: List[Level] = []
    with open(filename, "r", encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if line.startswith("Maze"):
                _, _, dimensions = line[5:].partition(" - ")
                rows, columns = (int(part) for part in dimensions.split())
                levels.append(Level((rows, columns)))
            elif line and levels:
                levels[-1].add_row(line)
    return levels


class Model:
    """The game: its levels, the player, and the engine's position, which
    plays every move and item use (the levels, player and inventory follow
    what it did).

    A change the engine cannot make (collecting an item away from the
    player, levelling up by hand) leaves the rest of the game to these
    classes' own rules, the specification's.

    >>> model = Model('games/game1.txt')
    >>> print(model.get_level())
    Maze: #####
    #   D
    #   #
        #
    #####
    Items: {(1, 2): Coin((1, 2)), (2, 2): Coin((2, 2)), (3, 2): Coin((3, 2))}
    Player start: (3, 0)
    >>> model.has_won()
    False
    >>> model.has_lost()
    False
    >>> model.did_level_up()
    False
    >>> model.move_player((0, 1))
    >>> model.move_player((0, 1))
    >>> model.move_player((-1, 0))
    >>> print(model.get_level())
    Maze: #####
    #   D
    #   #
        #
    #####
    Items: {(1, 2): Coin((1, 2))}
    Player start: (3, 0)
    >>> print(model.get_player().get_position())
    (2, 2)
    >>> model.get_player_inventory().get_items()
    {'Coin': [Coin((3, 2)), Coin((2, 2))]}
    >>> model.get_current_items()
    {(1, 2): Coin((1, 2))}
    >>> model.get_player_stats()
    (97, 0, 0)
    >>> print(model.get_current_maze())
    #####
    #   D
    #   #
        #
    #####
    >>> model.attempt_collect_item((1, 2))
    >>> model.get_current_items()
    {}
    >>> print(model.get_current_maze())
    #####
    #    
    #   #
        #
    #####
    >>> model.level_up()
    >>> model.did_level_up()
    True
    >>> print(model.get_current_maze())
    ########
           #
    ###### #
    #      #
    # ######
    #      #
    ######D#
    >>> str(model)
    "Model('games/game1.txt')"
    >>> model
    Model('games/game1.txt')
    """

    def __init__(self, game_file: str) -> None:
        """The game in ``game_file`` (raises ``relic.SetupError`` with
        relic's diagnostics for a file that cannot be played)."""
        self._game_file = game_file
        self._game = load("maze-runner", game_file)
        self._engine = self._game.new_initial_state()
        self._counters = {name: i for i, name in enumerate(self._game.counter_names)}
        self._levels = load_game(game_file)
        self._level = 0
        self._won = False
        self._levelled_up = False
        self._moves = 0
        self._player = Player(self._levels[0].get_player_start())

    def has_won(self) -> bool:
        """True once every level is completed."""
        return self._won

    def has_lost(self) -> bool:
        """True when HP is 0 or hunger or thirst is at its maximum."""
        player = self._player
        return (
            player.get_health() <= 0
            or player.get_hunger() >= MAX_HUNGER
            or player.get_thirst() >= MAX_THIRST
        )

    def get_level(self) -> Level:
        """The level being played."""
        return self._levels[self._level]

    def level_up(self) -> None:
        """Moves on to the next level (the game is won after the last)."""
        self._engine = None
        self._next_level()

    def _next_level(self) -> None:
        self._levelled_up = True
        if self._level + 1 >= len(self._levels):
            self._won = True
            return
        self._level += 1
        self._player.set_position(self.get_level().get_player_start())

    def did_level_up(self) -> bool:
        """True iff the last move completed a level."""
        return self._levelled_up

    def move_player(self, delta: Tuple[int, int]) -> None:
        """Moves the player by (row, column) ``delta`` if it can go there:
        the move's costs, the tile's damage, the item there collected, the
        level completed through an open door."""
        self._levelled_up = False
        key = next((k for k, d in MOVE_DELTAS.items() if d == tuple(delta)), None)
        if self._engine is None or key is None:
            self._engine = None
            self._move_by_rules(delta)
            return
        level = self._engine_counter("level")
        try:
            self._engine.apply(key)
        except IllegalActionError:
            return
        if self._engine.outcome() == ("won", 0) or self._engine_counter("level") != level:
            self._next_level()
            return
        self._follow_engine()

    def _engine_counter(self, name: str) -> int:
        return int(self._engine.observation()[1][self._counters[name]])

    def _follow_engine(self) -> None:
        """Brings the player and the level in line with the engine's move."""
        planes, counters = self._engine.observation()
        actor = planes[self._game.plane_names.index("actor")]
        row, column = (int(v) for v in zip(*actor.nonzero()).__next__())
        player = self._player
        stats = [int(counters[self._counters[s]]) for s in ("hp", "hunger", "thirst")]
        player.change_health(stats[0] - player.get_health())
        player.change_hunger(stats[1] - player.get_hunger())
        player.change_thirst(stats[2] - player.get_thirst())
        self._moves = int(counters[self._counters["steps"]])
        player.set_position((row, column))
        self._collect((row, column))

    def _move_by_rules(self, delta: Tuple[int, int]) -> None:
        """A move by the specification's rules (once the engine is left)."""
        row, column = self._player.get_position()
        target = (row + delta[0], column + delta[1])
        rows, columns = self.get_level().get_dimensions()
        maze = self.get_level().get_maze()
        if not (0 <= target[0] < rows and 0 <= target[1] < columns):
            if isinstance(maze.get_tile((row, column)), Door):
                self._next_level()
            return
        tile = maze.get_tile(target)
        if tile.is_blocking():
            return
        self._moves += 1
        if self._moves % MOVES_PER_HUNGER == 0:
            self._player.change_hunger(1)
            self._player.change_thirst(1)
        self._player.change_health(-1 - tile.damage())
        self._player.set_position(target)
        self._collect(target)

    def attempt_collect_item(self, position: Position) -> None:
        """Collects the item at ``position``, if any, and unlocks the doors
        once no coin is left."""
        if position != self._player.get_position():
            self._engine = None
        self._collect(position)

    def _collect(self, position: Position) -> None:
        level = self.get_level()
        item = level.get_items().get(position)
        if item is not None:
            level.remove_item(position)
            self._player.add_item(item)
        level.attempt_unlock_door()

    def use_item(self, item_name: str) -> Optional[str]:
        """Applies one ``item_name`` from the inventory to the player; the
        message to show when none can be (no such item, or none held)."""
        inventory = self._player.get_inventory()
        if self._engine is not None:
            try:
                self._engine.apply(f"i {item_name}")
            except IllegalActionError as refusal:
                return refusal.text
        elif item_name not in ITEM_NAMES:
            return NO_SUCH_ITEM_MESSAGE
        item = inventory.remove_item(item_name)
        if item is None:
            return ITEM_UNAVAILABLE_MESSAGE
        item.apply(self._player)
        return None

    def get_player(self) -> Player:
        """The player."""
        return self._player

    def get_player_stats(self) -> Tuple[int, int, int]:
        """The player's (HP, hunger, thirst)."""
        player = self._player
        return (player.get_health(), player.get_hunger(), player.get_thirst())

    def get_player_inventory(self) -> Inventory:
        """The player's inventory."""
        return self._player.get_inventory()

    def get_current_maze(self) -> Maze:
        """The maze of the level being played."""
        return self.get_level().get_maze()

    def get_current_items(self) -> Dict[Position, Item]:
        """The items on the level being played, by position."""
        return self.get_level().get_items()

    def __str__(self) -> str:
        return f"Model({self._game_file!r})"

    def __repr__(self) -> str:
        return str(self)


class TextInterface:
    """The text view: the maze with the player and items on it, the
    inventory and the stats."""

    def draw(
        self,
        maze: Maze,
        items: Dict[Position, Item],
        player_position: Position,
        inventory: Inventory,
        player_stats: Tuple[int, int, int],
    ) -> None:
        """Prints the frame."""
        rows = []
        for row, tiles in enumerate(maze.get_tiles()):
            line = ""
            for column, tile in enumerate(tiles):
                if (row, column) == player_position:
                    line += PLAYER
                elif (row, column) in items:
                    line += items[(row, column)].get_id()
                else:
                    line += tile.get_id()
            rows.append(line)
        held = str(inventory) or "Empty"
        health, hunger, thirst = player_stats
        print("\n".join(rows))
        print(f"{RULE}\nInventory\n{held}\n{RULE}")
        print(f"HP: {health}\nhunger: {hunger}\nthirst: {thirst}")


class MazeRunner:
    """The controller: reads moves, has the model play them, draws."""

    def __init__(self, game_file: str, view: TextInterface) -> None:
        """A game of ``game_file`` shown through ``view``."""
        self._model = Model(game_file)
        self._view = view

    def _draw(self) -> None:
        model = self._model
        self._view.draw(
            model.get_current_maze(),
            model.get_current_items(),
            model.get_player().get_position(),
            model.get_player_inventory(),
            model.get_player_stats(),
        )

    def play(self) -> None:
        """Plays until the game is won or lost (or input ends)."""
        self._draw()
        while True:
            try:
                move = input(MOVE_PROMPT)
            except EOFError:
                return
            if move in MOVE_DELTAS:
                self._model.move_player(MOVE_DELTAS[move])
            elif move.startswith("i "):
                message = self._model.use_item(move[2:])
                if message is not None:
                    print(f"\n{message}\n")
            else:
                continue
            if self._model.has_won():
                print(WIN_MESSAGE)
                return
            if self._model.has_lost():
                print(LOSS_MESSAGE)
                return
            self._draw()


def main() -> None:
    """Asks for a game file and plays it in the terminal."""
    try:
        game_file = input(GAME_FILE_PROMPT)
    except EOFError:
        return
    MazeRunner(game_file, TextInterface()).play()


if __name__ == "__main__":
    main()
