"""Game of the Goose: rules as data, state tables, simulation."""
