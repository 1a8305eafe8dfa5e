import {
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  validateInputValue,
} from 'graphql';

/**
 * The sandbox's refusals of a document or its variables in Shopify's words: Shopify's Admin API
 * runs on graphql-ruby, whose messages and extensions differ from graphql-js's. Answered with
 * HTTP 200, `errors` and no `data`, as Shopify does (docs: providers/shopify.md).
 */

/** One problem of a variable's value, as graphql-ruby lists them in `extensions.problems`. */
type Problem = { path: (string | number)[]; explanation: string };

/** graphql-js's wording of the validation errors a client meets most, in graphql-ruby's words. */
export function shopifyValidationError(error: GraphQLError): object {
  const json = error.toJSON();
  const field = /^Cannot query field "(\w+)" on type "(\w+)"\./.exec(error.message);
  if (field) {
    const [, fieldName, typeName] = field;
    return {
      ...json,
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      extensions: { code: 'undefinedField', typeName, fieldName },
    };
  }
  const argument = /^Unknown argument "(\w+)" on field "\w+\.(\w+)"\./.exec(error.message);
  if (argument) {
    const [, argumentName, fieldName] = argument;
    return {
      ...json,
      message: `Field '${fieldName}' doesn't accept argument '${argumentName}'`,
      extensions: { code: 'argumentNotAccepted', name: fieldName, typeName: 'Field', argumentName },
    };
  }
  const required = /^Argument "\w+\.(\w+)\((\w+):\)" of type "[^"]+" is required/.exec(error.message);
  if (required) {
    const [, name, argumentName] = required;
    return {
      ...json,
      message: `Field '${name}' is missing required arguments: ${argumentName}`,
      extensions: { code: 'missingRequiredArguments', className: 'Field', name, arguments: argumentName },
    };
  }
  return json;
}

/**
 * Each variable whose value its declared type refuses, as graphql-ruby's VariableValidationError:
 * "Variable $product of type ProductUpdateInput! was provided invalid value for title (Could not
 * coerce value 5 to String)", with the value given and every problem in `extensions`.
 */
export function shopifyVariableErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): object[] {
  const errors: object[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    const given = Object.hasOwn(variables, name);
    if (!type || (!given && definition.defaultValue)) continue;
    const value = given ? variables[name] : null;
    const problems = problemsOf(type, value, []);
    if (problems.length === 0) continue;
    const fields = problems
      .filter((problem) => problem.path.length > 0)
      .map((problem) => `${problem.path.join('.')} (${problem.explanation})`);
    const start = definition.loc?.startToken;
    errors.push({
      message: `Variable $${name} of type ${String(type)} was provided invalid value${fields.length ? ` for ${fields.join(', ')}` : ''}`,
      ...(start && { locations: [{ line: start.line, column: start.column }] }),
      extensions: { value, problems },
    });
  }
  return errors;
}

function problemsOf(type: GraphQLInputType, value: unknown, path: Problem['path']): Problem[] {
  if (isNonNullType(type)) {
    if (value == null) return [{ path, explanation: 'Expected value to not be null' }];
    return problemsOf(type.ofType, value, path);
  }
  if (value == null) return [];
  if (isListType(type)) {
    // A single value where a list is expected counts as a list of one, as in GraphQL's coercion.
    if (!Array.isArray(value)) return problemsOf(type.ofType, value, path);
    return value.flatMap((item, index) => problemsOf(type.ofType, item, [...path, index]));
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      return [{ path, explanation: `Expected ${JSON.stringify(value)} to be a key-value object.` }];
    }
    const fields = type.getFields();
    const input = value as Record<string, unknown>;
    // graphql-ruby's order: the keys given, in order, then the required fields left out.
    const given = Object.entries(input).flatMap(([key, item]) =>
      Object.hasOwn(fields, key)
        ? problemsOf(fields[key]!.type, item, [...path, key])
        : [{ path: [...path, key], explanation: `Field is not defined on ${type.name}` }],
    );
    const missing = Object.values(fields)
      .filter((field) => !Object.hasOwn(input, field.name) && field.default === undefined)
      .flatMap((field) => problemsOf(field.type, null, [...path, field.name]));
    return [...given, ...missing];
  }
  let refused = false;
  validateInputValue(value, type, () => {
    refused = true;
  });
  if (!refused) return [];
  if (isEnumType(type)) {
    const names = type.getValues().map((entry) => entry.name);
    return [{ path, explanation: `Expected ${JSON.stringify(value)} to be one of: ${names.join(', ')}` }];
  }
  return [
    { path, explanation: `Could not coerce value ${JSON.stringify(value)} to ${getNamedType(type).name}` },
  ];
}
